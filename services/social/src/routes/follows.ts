import { FollowListQuerySchema, isUsernameShaped, USER_NOT_FOUND } from '@trustcircle/contracts';
import {
  currentUserId,
  notFound,
  parseQuery,
  requireUser,
  sendPage,
} from '@trustcircle/service-kit';
import { Router, type Request } from 'express';
import type { Follows } from '../domain/follows';

/** A username as a path names it; anything no username can be is simply not found. */
function usernameParam(req: Request): string {
  const value = req.params.username;
  if (!isUsernameShaped(value)) {
    throw notFound(USER_NOT_FOUND);
  }
  return value;
}

/** `/api/users/{username}/follow|followers|following` (docs/api.md, "Social"). */
export function followRoutes(follows: Follows): Router {
  const router = Router();

  router.get('/:username/follow', async (req, res) => {
    res.json(await follows.status(usernameParam(req), req.auth?.userId));
  });

  router.post('/:username/follow', requireUser, async (req, res) => {
    res.json(await follows.follow(currentUserId(req), usernameParam(req)));
  });

  router.delete('/:username/follow', requireUser, async (req, res) => {
    res.json(await follows.unfollow(currentUserId(req), usernameParam(req)));
  });

  for (const side of ['followers', 'following'] as const) {
    router.get(`/:username/${side}`, async (req, res) => {
      const query = parseQuery(FollowListQuerySchema, req);
      sendPage(res, await follows.list(side, usernameParam(req), query));
    });
  }

  return router;
}
