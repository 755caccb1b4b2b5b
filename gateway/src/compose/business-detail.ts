import type { ErrorBody } from '@trustcircle/contracts';
import { withTimeout } from '@trustcircle/http-server';
import { businessScope, HttpError, isNoStore, type Logger } from '@trustcircle/service-kit';
import type { Request, RequestHandler, Response } from 'express';
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

const EMPTY_LIST = Buffer.from('[]');
const TRUE = Buffer.from('true');
const FALSE = Buffer.from('false');
const CLOSE_BRACE = Buffer.from('}');
const CATALOG_DOWN = 'Businesses is unavailable right now. Please try again shortly.';
/** The composed page's path; any other id falls through to the catalog proxy (its 404). */
const DETAIL_PATH = /^\/api\/businesses\/(\d{1,10})\/?$/i;

/** The business id when `path` (no query) is the composed page's, else undefined. */
export const composedBusinessId = (path: string): string | undefined => DETAIL_PATH.exec(path)?.[1];

const WHITESPACE = new Set([0x20, 0x09, 0x0a, 0x0d]);

/** The first and last bytes of `body` that are not JSON whitespace (-1 for none). */
function ends(body: Buffer): [first: number, last: number] {
  let first = 0;
  let last = body.length - 1;
  while (first <= last && WHITESPACE.has(body[first]!)) first += 1;
  while (last >= first && WHITESPACE.has(body[last]!)) last -= 1;
  return [first, last];
}

const BRACES = { object: [0x7b, 0x7d], array: [0x5b, 0x5d] } as const;

/** Does `body` look like a JSON object or array? Its ends only: a page of reviews is 30–40 kB. */
export function isJsonText(body: Buffer, kind: 'object' | 'array'): boolean {
  const [first, last] = ends(body);
  const [open, close] = BRACES[kind];
  return first < last && body[first] === open && body[last] === close;
}

/**
 * `object` (a JSON object's bytes) with more members, given as JSON bytes, as the parts to
 * write in turn: the halves are passed on as they came, never decoded to strings and encoded
 * again, nor copied (40 kB of reviews a page).
 */
export function withFieldsParts(object: Buffer, fields: [name: string, json: Buffer][]): Buffer[] {
  const [first, last] = ends(object);
  const [innerFirst, innerLast] = ends(object.subarray(first + 1, last));
  const hasMembers = innerFirst <= innerLast;
  const parts: Buffer[] = [object.subarray(first, last)];
  fields.forEach(([name, json], i) => {
    const comma = i > 0 || hasMembers ? ',' : '';
    parts.push(Buffer.from(`${comma}${JSON.stringify(name)}:`), json);
  });
  parts.push(CLOSE_BRACE);
  return parts;
}

/**
 * Writes an answer no cache may keep (`no-store`: a signed-in viewer's) as its parts: it has no
 * validator to hash or compare, and each 40 kB copy of a page is memory outside the heap that
 * V8 answers with full collections (docs/performance.md, "Twenty-fourth session"). The parts go
 * out in one write, like a single body's.
 */
function sendUnkept(req: Request, res: Response, parts: Buffer[]): void {
  res.setHeader(
    'Content-Length',
    parts.reduce((sum, part) => sum + part.length, 0),
  );
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  res.cork();
  for (const part of parts) res.write(part);
  // Uncorked before the end: a compressed answer is chunked, and Node's end() on a corked
  // chunked answer writes its last chunk before the ones still corked (a broken answer).
  res.uncork();
  res.end();
}

/** Catalog's error answered as the gateway's own (its status and message), or 503. */
function catalogError(status: number, answer: Buffer): HttpError {
  let body: (Partial<ErrorBody> & Record<string, unknown>) | null = null;
  try {
    body = JSON.parse(answer.toString('utf8')) as Partial<ErrorBody> & Record<string, unknown>;
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
        .requestBytes(deps.catalogUrl, {
          method: 'GET',
          path,
          headers: typeof requestId === 'string' ? { 'x-request-id': requestId } : {},
        })
        .catch((error: unknown) => {
          deps.logger.warn({ err: (error as Error).message }, 'catalog unavailable');
          return null;
        }),
    (answer) => isJsonText(answer.body, 'object'),
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

  /** The first page of the business's reviews as JSON bytes, or null when unavailable. */
  async function reviewsOf(id: string, req: Request): Promise<Buffer | null> {
    const path = `/api/businesses/${id}/reviews`;
    try {
      const answer = await withTimeout(
        keptCall(
          deps.kept,
          // The viewer's votes and held reviews make this half the caller's own.
          deps.kept?.callKeyOf(req, path, 'reviews', true, businessScope(id)),
          () =>
            deps.upstreams.requestBytes(deps.reviewsUrl, {
              method: 'GET',
              path,
              headers: headers(req),
            }),
          (answer) => isJsonText(answer.body, 'array'),
        ),
        reviewsTimeoutMs,
        'reviews too slow',
      );
      if (answer?.status === 200 && isJsonText(answer.body, 'array')) return answer.body;
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
    const keeping = whole && deps.kept!.begin(whole);
    const [catalog, reviews] = await Promise.all([
      businessAsVisitor(deps, id, req),
      reviewsOf(id, req),
    ]);
    if (!catalog) throw new HttpError(503, CATALOG_DOWN, undefined, { 'Retry-After': '2' });
    if (catalog.status !== 200) throw catalogError(catalog.status, catalog.body);
    if (!isJsonText(catalog.body, 'object')) {
      throw new HttpError(503, CATALOG_DOWN, undefined, { 'Retry-After': '2' });
    }
    // Both answers are passed on as the services wrote them: parsing and re-serialising a page
    // of reviews per request cost more than the rest of the composition.
    const parts = withFieldsParts(catalog.body, [
      ['reviews', reviews ?? EMPTY_LIST],
      ['reviewsUnavailable', reviews === null ? TRUE : FALSE],
    ]);
    res.type('application/json');
    if (!keeping && isNoStore(res)) return sendUnkept(req, res, parts);
    const body = Buffer.concat(parts);
    res.send(body);
    // As sent (the ETag is the send's): a page without its reviews is not kept.
    if (keeping && reviews !== null) {
      const headers = { 'content-type': String(res.getHeader('content-type')) };
      const etag = res.getHeader('etag');
      deps.kept!.keep(keeping, {
        status: 200,
        headers: typeof etag === 'string' ? { ...headers, etag } : headers,
        body,
      });
    }
  };
}
