import type { IncomingMessage } from 'node:http';
import { composedBusinessId } from './compose/business-detail';
import { findUpstream, type UpstreamRoute } from './proxy';

/**
 * Paths under `/api` the gateway answers itself, whatever the method: the account, its
 * sessions and export, signing in and out, passwords and e-mail changes, the search
 * suggestions, the API document. Case-insensitive, as Express's routing is.
 */
const OWN_PATHS = [
  /^\/api\/user(\/|$)/i,
  /^\/api\/(register|login|logout)\/?$/i,
  /^\/api\/(password|email)(\/|$)/i,
  /^\/api\/search\/suggest\/?$/i,
  /^\/api\/openapi\.json$/i,
];

const READS = new Set(['GET', 'HEAD']);
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Which lane this request takes (Express's handlers without its router, see service-kit's
 * createLane), if any: only a request under `/api/` that the Express app would pass through its
 * edge and `/api` handlers (the session, the same-origin check, the body rules, the write
 * limits) straight to one handler. `proxy` for a read or write a service answers (not one the
 * gateway answers itself, not a live stream, which has its own bookkeeping), `composed` for the
 * composed business page (a read; a write to the same path is catalog's).
 */
export function laneOf(
  req: IncomingMessage,
  routes: readonly UpstreamRoute[],
): 'proxy' | 'composed' | undefined {
  return laneRouteOf(req, routes)?.lane;
}

/** `laneOf`, with the service's route of a `proxy` request (found once, for the plain reads). */
export function laneRouteOf(
  req: IncomingMessage,
  routes: readonly UpstreamRoute[],
): { lane: 'proxy'; route: UpstreamRoute; path: string } | { lane: 'composed' } | undefined {
  const { method = '', url = '' } = req;
  const read = READS.has(method);
  if ((!read && !WRITES.has(method)) || !url.startsWith('/api/')) return undefined;
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  if (read && composedBusinessId(path) !== undefined) return { lane: 'composed' };
  if (OWN_PATHS.some((own) => own.test(path))) return undefined;
  const route = findUpstream(routes, path, method);
  return route !== undefined && route.streaming !== true
    ? { lane: 'proxy', route, path }
    : undefined;
}
