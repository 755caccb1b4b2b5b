import {
  AppealRequestSchema,
  MODERATORS_ONLY,
  ModerationDecisionRequestSchema,
  PageQuerySchema,
} from '@trustcircle/contracts';
import {
  currentUserId,
  parseBody,
  parseIdParam,
  parseQuery,
  moderatorsOnly,
  requireUser,
  sendJsonText,
  sendPage,
} from '@trustcircle/service-kit';
import { Router, type Request } from 'express';
import type { Moderation } from '../domain/moderation';
import type { ModerationQueue } from '../domain/moderation-queue';
import type { Reviews } from '../domain/reviews';

const reviewId = (req: Request) => parseIdParam(req, 'id', 'Review not found');

/** `/api/moderation/**`: moderators only (401 anonymous, 403 members). */
export function moderationRoutes(deps: {
  moderation: Moderation;
  queue: ModerationQueue;
  reviews: Reviews;
}): Router {
  const router = Router();
  router.use(moderatorsOnly(MODERATORS_ONLY));

  router.get('/queue', async (req, res) => {
    sendPage(res, await deps.queue.queue(currentUserId(req), parseQuery(PageQuerySchema, req)));
  });

  router.get('/log', async (req, res) => {
    sendPage(res, await deps.queue.log(parseQuery(PageQuerySchema, req)));
  });

  router.post('/reviews/:id/decision', async (req, res) => {
    const id = reviewId(req);
    const input = parseBody(ModerationDecisionRequestSchema, req);
    const moderatorId = currentUserId(req);
    await deps.moderation.decide(moderatorId, id, input);
    sendJsonText(res, `{"review":${await deps.reviews.get(id, moderatorId, true)}}`);
  });

  return router;
}

/** `POST /api/reviews/{id}/appeal`: the author's one appeal per decision. */
export function appealRoutes(moderation: Moderation): Router {
  const router = Router();
  router.post('/:id/appeal', requireUser, async (req, res) => {
    const id = reviewId(req);
    const input = parseBody(AppealRequestSchema, req);
    res.json({ moderation: await moderation.appeal(currentUserId(req), id, input) });
  });
  return router;
}
