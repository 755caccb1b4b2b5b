import type { RequestHandler } from 'express';

/**
 * Answers about "me" whatever the session: the account, password and e-mail links, my groups,
 * my reviews, my feed, moderation.
 */
const PERSONAL_PATHS =
  /^\/api\/(user|login|register|logout|password|email|groups\/user|reviews\/(user|feed)|moderation)(\/|$)/i;

/**
 * `Cache-Control: no-store` on every `/api` answer produced for a signed-in session and on
 * every personal path, so no shared cache (or the browser's back button on a shared machine)
 * keeps one person's data. Every other read is public: `no-cache`, kept but revalidated on each
 * use, so a browser or CDN asks again with the answer's ETag and gets a 304 without the body
 * when nothing changed. Set before any route or proxy: a service that states its own policy
 * (a public photo: `public, max-age=300`) replaces it.
 */
export const apiCachePolicy: RequestHandler = (req, res, next) => {
  const policy = cachePolicyFor(req.method, req.originalUrl, req.tcSession !== undefined);
  if (policy) res.setHeader('Cache-Control', policy);
  next();
};

/** The Cache-Control of an `/api` answer (none for a write that is nobody's). */
export function cachePolicyFor(
  method: string,
  url: string,
  signedIn: boolean,
): 'no-store' | 'no-cache' | undefined {
  if (signedIn || PERSONAL_PATHS.test(url.split('?', 1)[0]!)) return 'no-store';
  return method === 'GET' || method === 'HEAD' ? 'no-cache' : undefined;
}
