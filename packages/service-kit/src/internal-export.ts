import { Router } from 'express';
import { requireInternal } from './auth';
import { parseIdParam } from './validate';

/**
 * `GET /internal/users/:id/export`: a service's part of a member's export (issue 19), asked
 * for only by the gateway (internal-scope token), which composes the download.
 */
export function internalExportRoutes(exportOf: (userId: number) => Promise<unknown>): Router {
  const router = Router();
  router.get('/users/:id/export', requireInternal, async (req, res) => {
    res.json(await exportOf(parseIdParam(req, 'id', 'User not found')));
  });
  return router;
}
