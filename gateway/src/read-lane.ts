import type { IncomingMessage } from 'node:http';
import { findUpstream, type UpstreamRoute } from './proxy';

/**
 * Reads under `/api` the gateway answers itself: its account, sessions and export routes, the
 * composed business page, the search suggestions. Case-insensitive, as Express's routing is.
 */
const OWN_READS = [
  /^\/api\/user(\/|$)/i,
  /^\/api\/businesses\/[^/]+\/?$/i,
  /^\/api\/search\/suggest\/?$/i,
  /^\/api\/openapi\.json$/i,
];

/**
 * Does this request take the read lane (Express's handlers without its router, see
 * service-kit's createLane)? Only a GET or HEAD under `/api/` that the Express app would pass
 * through its edge and `/api` handlers straight to a service's proxy: one the gateway does not
 * answer itself, owned by a service, and not a live stream (that has its own bookkeeping).
 */
export function takesReadLane(req: IncomingMessage, routes: readonly UpstreamRoute[]): boolean {
  const { method, url = '' } = req;
  if ((method !== 'GET' && method !== 'HEAD') || !url.startsWith('/api/')) return false;
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  if (OWN_READS.some((own) => own.test(path))) return false;
  const route = findUpstream(routes, path, method);
  return route !== undefined && route.streaming !== true;
}
