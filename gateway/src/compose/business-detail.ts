import type { ErrorBody } from '@trustcircle/contracts';
import { withTimeout } from '@trustcircle/http-server';
import { businessScope, HttpError, type Logger } from '@trustcircle/service-kit';
import type { Request, RequestHandler } from 'express';
import type { KeptAnswers } from '../kept-answers';
import { keptCall, sendKept } from '../kept-answers-taps';
import type { TokenMinter } from '../tokens';
import type { Upstreams } from '../upstream';
import { upstreamHeaders } from './calls';

export interface BusinessDetailDeps {
  upstreams: Upstreams;
  tokens: TokenMinter;
  catalogUrl: string;
  reviewsUrl: string;
  logger: Logger;
  /** Its two halves kept while catalog, and reviews, are unchanged. */
  kept?: KeptAnswers;
  /** The reviews half may take at most this long before the business is answered without it. */
  reviewsTimeoutMs?: number;
}

const CATALOG_DOWN = 'Businesses is unavailable right now. Please try again shortly.';
/** The composed page's path; any other id falls through to the catalog proxy (its 404). */
const DETAIL_PATH = /^\/api\/businesses\/(\d{1,10})\/?$/i;

/** The business id when `path` (no query) is the composed page's, else undefined. */
export const composedBusinessId = (path: string): string | undefined => DETAIL_PATH.exec(path)?.[1];

/** Does `text` look like a JSON object or array? Its ends only: a page of reviews is 30–40 kB. */
export function isJsonText(text: string, kind: 'object' | 'array'): boolean {
  const ends = text.trim();
  return kind === 'object'
    ? ends.startsWith('{') && ends.endsWith('}')
    : ends.startsWith('[') && ends.endsWith(']');
}

/** `object` (JSON object text) with more members, given as JSON texts. */
export function withFields(object: string, fields: [name: string, json: string][]): string {
  const body = object.trim().slice(0, -1);
  const members = fields.map(([name, json]) => `${JSON.stringify(name)}:${json}`).join(',');
  return /^\{\s*$/.test(body) ? `${body}${members}}` : `${body},${members}}`;
}

/** Catalog's error answered as the gateway's own (its status and message), or 503. */
function catalogError(status: number, text: string): HttpError {
  let body: (Partial<ErrorBody> & Record<string, unknown>) | null = null;
  try {
    body = JSON.parse(text) as Partial<ErrorBody> & Record<string, unknown>;
  } catch {
    // Not JSON: not an answer from catalog.
  }
  if (typeof body?.message !== 'string') {
    return new HttpError(503, CATALOG_DOWN, undefined, { 'Retry-After': '2' });
  }
  const headers = status === 503 ? { 'Retry-After': '2' } : undefined;
  return new HttpError(status, body.message, body.issues, headers);
}

/**
 * The business and its scores from catalog, asked as a visitor would: they are the same for
 * everyone, so one kept copy answers every caller (the composed page's personal half is its
 * reviews) and the page's HTML (page-heads.ts). Null when catalog cannot be reached.
 */
export function businessAsVisitor(
  deps: Pick<BusinessDetailDeps, 'upstreams' | 'catalogUrl' | 'logger' | 'kept'>,
  id: string,
  req: Request,
) {
  const path = `/api/businesses/${id}`;
  const requestId = (req as { id?: unknown }).id;
  return keptCall(
    deps.kept,
    // Its rows are the business's alone (catalog's migration 009).
    deps.kept?.callKeyOf(req, path, 'catalog', false, businessScope(id)),
    () =>
      deps.upstreams
        .requestText(deps.catalogUrl, {
          method: 'GET',
          path,
          headers: typeof requestId === 'string' ? { 'x-request-id': requestId } : {},
        })
        .catch((error: unknown) => {
          deps.logger.warn({ err: (error as Error).message }, 'catalog unavailable');
          return null;
        }),
    (answer) => isJsonText(answer.text, 'object'),
  );
}

/**
 * Design §2, the one composed answer: `GET /api/businesses/{id}` asks catalog (business and
 * scores, as a visitor: they are everyone's) and reviews (first page of the business's reviews,
 * with the session's JWT) in parallel, each half kept by the kept answers. Catalog decides the status (404, 503 …); if reviews fails, is slow or is
 * down, the business is still answered with `reviews: []` and `reviewsUnavailable: true`.
 * Non-numeric ids fall through to the catalog proxy (which answers 404).
 */
export function composeBusinessDetail(deps: BusinessDetailDeps): RequestHandler {
  const reviewsTimeoutMs = deps.reviewsTimeoutMs ?? 2000;

  const headers = (req: Request) => upstreamHeaders(deps.tokens, req);

  /** The first page of the business's reviews as JSON text, or null when unavailable. */
  async function reviewsOf(id: string, req: Request): Promise<string | null> {
    const path = `/api/businesses/${id}/reviews`;
    try {
      const answer = await withTimeout(
        keptCall(
          deps.kept,
          // The viewer's votes and held reviews make this half the caller's own.
          deps.kept?.callKeyOf(req, path, 'reviews', true, businessScope(id)),
          () =>
            deps.upstreams.requestText(deps.reviewsUrl, {
              method: 'GET',
              path,
              headers: headers(req),
            }),
          (answer) => isJsonText(answer.text, 'array'),
        ),
        reviewsTimeoutMs,
        'reviews too slow',
      );
      if (answer?.status === 200 && isJsonText(answer.text, 'array')) return answer.text;
      deps.logger.warn({ status: answer?.status }, 'reviews answered the business page badly');
      return null;
    } catch (error) {
      deps.logger.warn({ err: (error as Error).message }, 'reviews unavailable for composition');
      return null;
    }
  }

  return async (req, res, next) => {
    const id =
      req.method === 'GET' || req.method === 'HEAD' ? composedBusinessId(req.path) : undefined;
    if (id === undefined) return next();
    res.locals.metricsRoute = 'compose:business-detail';
    const whole = deps.kept?.composedKeyOf(req, id);
    const kept = whole && deps.kept!.find(whole.key, false);
    if (kept) return sendKept(res, kept);
    const keeping = whole && deps.kept!.begin(whole.key, whole.services, whole.scope);
    const [catalog, reviews] = await Promise.all([
      businessAsVisitor(deps, id, req),
      reviewsOf(id, req),
    ]);
    if (!catalog) throw new HttpError(503, CATALOG_DOWN, undefined, { 'Retry-After': '2' });
    if (catalog.status !== 200) throw catalogError(catalog.status, catalog.text);
    if (!isJsonText(catalog.text, 'object')) {
      throw new HttpError(503, CATALOG_DOWN, undefined, { 'Retry-After': '2' });
    }
    // Both answers are passed on as the services wrote them: parsing and re-serialising a page
    // of reviews per request cost more than the rest of the composition.
    const body = withFields(catalog.text, [
      ['reviews', reviews ?? '[]'],
      ['reviewsUnavailable', String(reviews === null)],
    ]);
    res.type('application/json').send(body);
    // As sent (the ETag is the send's): a page without its reviews is not kept.
    if (keeping && reviews !== null) {
      const headers = { 'content-type': String(res.getHeader('content-type')) };
      const etag = res.getHeader('etag');
      deps.kept!.keep(keeping, {
        status: 200,
        headers: typeof etag === 'string' ? { ...headers, etag } : headers,
        body: Buffer.from(body),
      });
    }
  };
}
