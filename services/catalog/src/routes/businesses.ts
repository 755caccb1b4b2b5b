import {
  BUSINESS_NOT_FOUND,
  BusinessCreateSchema,
  BusinessListQuerySchema,
  BusinessUpdateSchema,
  GroupScoresQuerySchema,
} from '@trustcircle/contracts';
import {
  currentUserId,
  parseBody,
  parseIdParam,
  parseQuery,
  requireUser,
  sendPage,
  sendRenderedPage,
} from '@trustcircle/service-kit';
import { Router } from 'express';
import type { Businesses } from '../domain/businesses';

export function categoryRoutes(businesses: Businesses): Router {
  const router = Router();
  router.get('/', async (_req, res) => {
    res.json(await businesses.categories());
  });
  return router;
}

export function businessRoutes(businesses: Businesses): Router {
  const router = Router();

  router.get('/', async (req, res) => {
    sendRenderedPage(res, await businesses.list(parseQuery(BusinessListQuerySchema, req)));
  });

  router.post('/', requireUser, async (req, res) => {
    const input = parseBody(BusinessCreateSchema, req);
    res.status(201).json(await businesses.create(input, currentUserId(req)));
  });

  router.patch('/:id', requireUser, async (req, res) => {
    const id = parseIdParam(req, 'id', BUSINESS_NOT_FOUND);
    const changes = parseBody(BusinessUpdateSchema, req);
    res.json(await businesses.update(id, changes, currentUserId(req)));
  });

  router.get('/trending', async (_req, res) => {
    res.json(await businesses.trending());
  });

  router.get('/:id', async (req, res) => {
    res.json(await businesses.get(parseIdParam(req, 'id', BUSINESS_NOT_FOUND)));
  });

  router.get('/:id/group-scores', async (req, res) => {
    const id = parseIdParam(req, 'id', BUSINESS_NOT_FOUND);
    sendPage(res, await businesses.groupScores(id, parseQuery(GroupScoresQuerySchema, req)));
  });

  router.get('/:id/similar', async (req, res) => {
    res.json(await businesses.similar(parseIdParam(req, 'id', BUSINESS_NOT_FOUND)));
  });

  return router;
}
