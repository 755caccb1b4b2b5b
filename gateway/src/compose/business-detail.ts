import type { ErrorBody } from '@trustcircle/contracts';
import { HttpError, type Logger } from '@trustcircle/service-kit';
import { Router, type Request } from 'express';
import type { TokenMinter } from '../tokens';
import type { Upstreams } from '../upstream';

export interface BusinessDetailDeps {
  upstreams: Upstreams;
  tokens: TokenMinter;
  catalogUrl: string;
  reviewsUrl: string;
  logger: Logger;
  /** The reviews half may take at most this long before the business is answered without it. */
  reviewsTimeoutMs?: number;
}

const CATALOG_DOWN = 'Businesses is unavailable right now. Please try again shortly.';
const NUMERIC_ID = /^\d{1,10}$/;

/**
 * Design §2, the one composed answer: `GET /api/businesses/{id}` asks catalog (business and
 * scores) and reviews (first page of the business's reviews) in parallel, both with the
 * session's JWT. Catalog decides the status (404, 503 …); if reviews fails, is slow or is
 * down, the business is still answered with `reviews: []` and `reviewsUnavailable: true`.
 * Non-numeric ids fall through to the catalog proxy (which answers 404).
 */
export function businessDetailRoutes(deps: BusinessDetailDeps): Router {
  const router = Router();
  const reviewsTimeoutMs = deps.reviewsTimeoutMs ?? 2000;

  function headers(req: Request): Record<string, string> {
    const out: Record<string, string> = {};
    if (req.tcSession) out.authorization = `Bearer ${deps.tokens.forUser(req.tcSession.userId)}`;
    const requestId = (req as { id?: unknown }).id;
    if (typeof requestId === 'string') out['x-request-id'] = requestId;
    return out;
  }

  async function reviewsOf(id: string, req: Request): Promise<unknown[] | null> {
    let timer: NodeJS.Timeout | undefined;
    try {
      const answer = await Promise.race([
        deps.upstreams.requestJson(deps.reviewsUrl, {
          method: 'GET',
          path: `/api/businesses/${id}/reviews`,
          headers: headers(req),
        }),
        new Promise<never>((_resolve, reject) => {
          timer = setTimeout(() => reject(new Error('reviews too slow')), reviewsTimeoutMs);
        }),
      ]);
      if (answer.status === 200 && Array.isArray(answer.body)) return answer.body;
      deps.logger.warn({ status: answer.status }, 'reviews answered the business page badly');
      return null;
    } catch (error) {
      deps.logger.warn({ err: (error as Error).message }, 'reviews unavailable for composition');
      return null;
    } finally {
      clearTimeout(timer);
    }
  }

  router.get('/api/businesses/:id', async (req, res, next) => {
    const id = req.params.id;
    if (!NUMERIC_ID.test(id)) return next();
    res.locals.metricsRoute = 'compose:business-detail';
    const [catalog, reviews] = await Promise.all([
      deps.upstreams
        .requestJson(deps.catalogUrl, {
          method: 'GET',
          path: `/api/businesses/${id}`,
          headers: headers(req),
        })
        .catch((error: unknown) => {
          deps.logger.warn({ err: (error as Error).message }, 'catalog unavailable');
          return null;
        }),
      reviewsOf(id, req),
    ]);
    if (!catalog) throw new HttpError(503, CATALOG_DOWN, undefined, { 'Retry-After': '2' });
    const body = catalog.body as (Partial<ErrorBody> & Record<string, unknown>) | null;
    if (catalog.status !== 200) {
      if (typeof body?.message !== 'string') {
        throw new HttpError(503, CATALOG_DOWN, undefined, { 'Retry-After': '2' });
      }
      const headers = catalog.status === 503 ? { 'Retry-After': '2' } : undefined;
      throw new HttpError(catalog.status, body.message, body.issues, headers);
    }
    if (!body || typeof body !== 'object' || Array.isArray(body)) {
      throw new HttpError(503, CATALOG_DOWN, undefined, { 'Retry-After': '2' });
    }
    res.json({ ...body, reviews: reviews ?? [], reviewsUnavailable: reviews === null });
  });

  return router;
}
