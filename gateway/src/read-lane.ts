import type { IncomingMessage } from 'node:http';
import { composedBusinessId } from './compose/business-detail';
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
 * Which read lane this request takes (Express's handlers without its router, see service-kit's
 * createLane), if any. Only a GET or HEAD under `/api/` that the Express app would pass through
 * its edge and `/api` handlers straight to one handler: `proxy` for a service's own read (not
 * one the gateway answers itself, not a live stream, which has its own bookkeeping),
 * `composed` for the composed business page.
 */
export function readLaneOf(
  req: IncomingMessage,
  routes: readonly UpstreamRoute[],
): 'proxy' | 'composed' | undefined {
  const { method, url = '' } = req;
  if ((method !== 'GET' && method !== 'HEAD') || !url.startsWith('/api/')) return undefined;
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  if (composedBusinessId(path) !== undefined) return 'composed';
  if (OWN_READS.some((own) => own.test(path))) return undefined;
  const route = findUpstream(routes, path, method);
  return route !== undefined && route.streaming !== true ? 'proxy' : undefined;
}
