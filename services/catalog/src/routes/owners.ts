import {
  BUSINESS_NOT_FOUND,
  CLAIM_NOT_FOUND,
  ClaimDecisionRequestSchema,
  ClaimRequestSchema,
  MODERATORS_ONLY,
  PageQuerySchema,
} from '@trustcircle/contracts';
import {
  currentUserId,
  parseBody,
  parseIdParam,
  parseQuery,
  moderatorsOnly,
  requireUser,
  sendPage,
} from '@trustcircle/service-kit';
import { Router } from 'express';
import type { Owners } from '../domain/owners';

/** `/api/businesses/{id}/owners|claims`: a business's owners, and members' claims. */
export function ownerRoutes(owners: Owners): Router {
  const router = Router();

  router.get('/:id/owners', async (req, res) => {
    const id = parseIdParam(req, 'id', BUSINESS_NOT_FOUND);
    // Personal for a signed-in viewer (their claim): never cached by anything in between.
    res.set('Cache-Control', 'private, no-store');
    res.json(await owners.ownership(id, req.auth?.userId ?? null));
  });

  router.post('/:id/claims', requireUser, async (req, res) => {
    const id = parseIdParam(req, 'id', BUSINESS_NOT_FOUND);
    const { message } = parseBody(ClaimRequestSchema, req);
    res.status(201).json(await owners.claim(currentUserId(req), id, message));
  });

  return router;
}

/** `/api/moderation/claims/**`: moderators only (401 anonymous, 403 members). */
export function claimModerationRoutes(owners: Owners): Router {
  const router = Router();
  router.use(moderatorsOnly(MODERATORS_ONLY));

  router.get('/', async (req, res) => {
    sendPage(res, await owners.queue(parseQuery(PageQuerySchema, req)));
  });

  router.post('/:id/decision', async (req, res) => {
    const id = parseIdParam(req, 'id', CLAIM_NOT_FOUND);
    const input = parseBody(ClaimDecisionRequestSchema, req);
    res.json(await owners.decide(currentUserId(req), id, input));
  });

  return router;
}
