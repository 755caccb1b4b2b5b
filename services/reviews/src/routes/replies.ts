import { ReplyRequestSchema } from '@trustcircle/contracts';
import { currentUserId, parseBody, parseIdParam, requireUser } from '@trustcircle/service-kit';
import { Router, type Request } from 'express';
import type { Replies } from '../domain/replies';

const reviewId = (req: Request) => parseIdParam(req, 'id', 'Review not found');

/** `/api/reviews/{id}/reply`: an owner's one public reply to a review of their business. */
export function replyRoutes(replies: Replies): Router {
  const router = Router();

  router.post('/:id/reply', requireUser, async (req, res) => {
    const id = reviewId(req);
    const { body } = parseBody(ReplyRequestSchema, req);
    res.status(201).json(await replies.write(currentUserId(req), id, body));
  });

  router.patch('/:id/reply', requireUser, async (req, res) => {
    const id = reviewId(req);
    const { body } = parseBody(ReplyRequestSchema, req);
    res.json(await replies.edit(currentUserId(req), id, body));
  });

  router.delete('/:id/reply', requireUser, async (req, res) => {
    await replies.remove(currentUserId(req), reviewId(req));
    res.status(204).end();
  });

  return router;
}
