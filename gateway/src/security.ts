import { REVIEW_WRITTEN_AT_HEADER } from '@trustcircle/contracts';
import { HttpError } from '@trustcircle/service-kit';
import type { RequestHandler } from 'express';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF (design §4): a state-changing request from a browser must come from our own origin.
 * Non-browser clients (curl, services) send neither header and are not ambient-credential
 * victims, so they pass; SameSite=Lax cookies are the second layer.
 */
export function sameOriginOnly(extraOrigins: string[]): RequestHandler {
  const allowed = new Set(extraOrigins.map((origin) => origin.trim()).filter(Boolean));
  return (req, _res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const fetchSite = req.headers['sec-fetch-site'];
    if (fetchSite && fetchSite !== 'same-origin' && fetchSite !== 'none') {
      return next(new HttpError(403, 'Cross-site requests are not allowed'));
    }
    const origin = req.headers.origin;
    if (origin) {
      const own = `${req.protocol}://${req.get('host') ?? ''}`;
      if (origin !== own && !allowed.has(origin)) {
        return next(new HttpError(403, 'Cross-site requests are not allowed'));
      }
    }
    next();
  };
}

const hasBody = (req: Parameters<RequestHandler>[0]) =>
  Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;

/** State-changing bodies are JSON (or multipart for photo uploads), and not too large. */
export function bodyRules(options: {
  limitBytes: number;
  multipartPaths: string[];
}): RequestHandler {
  return (req, _res, next) => {
    if (SAFE_METHODS.has(req.method) || !hasBody(req)) return next();
    const multipartAllowed = options.multipartPaths.some((path) => req.path.startsWith(path));
    const type = (req.headers['content-type'] ?? '').toLowerCase();
    const isJson = /^application\/([\w.+-]+\+)?json\b/.test(type);
    const isMultipart = type.startsWith('multipart/form-data');
    if (!isJson && !(multipartAllowed && isMultipart)) {
      return next(new HttpError(415, 'Content-Type must be application/json'));
    }
    const length = Number(req.headers['content-length'] ?? 0);
    if (!isMultipart && length > options.limitBytes) {
      return next(new HttpError(413, 'Request body is too large'));
    }
    next();
  };
}

/**
 * Request headers no client may send a service: X-Review-Written-At (a backdated demo review)
 * unless this deployment allows backdating (ALLOW_BACKDATED_REVIEWS, never in production).
 */
export const devOnlyHeaders = (allowBackdating: boolean): readonly string[] =>
  allowBackdating ? [] : [REVIEW_WRITTEN_AT_HEADER.toLowerCase()];

/**
 * Drops the dev-only request headers at the edge, so neither a proxy nor a composed call can
 * pass them on.
 */
export function dropDevOnlyHeaders(allowBackdating: boolean): RequestHandler {
  const dropped = devOnlyHeaders(allowBackdating);
  return (req, _res, next) => {
    for (const name of dropped) delete req.headers[name];
    next();
  };
}

/**
 * The headers `handler` sets on every answer, read once by running it on a recording answer:
 * for a handler that sets the same fixed headers whatever the request (helmet's, as
 * configured here), so that a plain read sets the same list without running it per request.
 * Throws when the handler does anything else (reads the request, answers, or waits).
 */
export function fixedHeadersOf(handler: RequestHandler): readonly [string, string][] {
  const headers: [string, string][] = [];
  let passed = false;
  const recording = {
    setHeader(name: string, value: unknown) {
      if (typeof value !== 'string') throw new Error(`${name}: not a fixed text header`);
      headers.push([name, value]);
      return recording;
    },
    removeHeader: () => undefined,
  };
  void handler(
    {} as Parameters<RequestHandler>[0],
    recording as unknown as Parameters<RequestHandler>[1],
    (err?: unknown) => {
      if (err) throw err instanceof Error ? err : new Error(String(err));
      passed = true;
    },
  );
  if (!passed) throw new Error('the handler did not pass the request on at once');
  return headers;
}

/**
 * `handler` (helmet's) as the fixed headers it sets, read once (`fixedHeadersOf`): the Express
 * lane sets them without running helmet's dozen handlers per request, as the plain reads do.
 */
export function withFixedHeaders(handler: RequestHandler): RequestHandler {
  const headers = fixedHeadersOf(handler);
  return (_req, res, next) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
  };
}
