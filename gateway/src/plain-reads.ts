import type { IncomingMessage, ServerResponse } from 'node:http';
import { plainRequestsOf, UNEXPECTED_ERROR, type Logger } from '@trustcircle/service-kit';
import type { Express, RequestHandler } from 'express';
import { cachePolicyFor } from './cache-policy';
import { plainClientOf } from './client-address';
import { cookieOf } from './cookies';
import type { KeptAnswers } from './kept-answers';
import { hasBody } from './forward';
import { proxyRoute, type Proxies, type UpstreamRoute } from './proxy';
import { fixedHeadersOf } from './security';
import type { ResolvedSession, SessionService } from './sessions/session-service';

export interface PlainReadsDeps {
  /** The gateway's Express app: its front handlers' bookkeeping and its `trust proxy`. */
  app: Express;
  proxies: Proxies;
  sessions: SessionService;
  cookieName: string;
  /** What the edge sets on every answer (helmet's handler) and drops from every request. */
  securityHeaders: RequestHandler;
  droppedHeaders: readonly string[];
  kept?: KeptAnswers;
  logger: Logger;
}

/**
 * A read a service answers, passed on without Express: no request and response prototypes, no
 * handler chain; each step the Express lane's handlers take for such a read (the request's id,
 * log line and metrics, the edge's headers, the session, the cache policy, the kept answers,
 * the forward), done once, in the same order, on Node's own request and response. Express's
 * handlers were over half of the gateway's CPU for a proxied read (docs/performance.md,
 * "Twenty-second session"); gateway/test/lanes.test.ts checks both answer alike.
 *
 * For a request of the proxy lane (`laneRouteOf`: its service's route and path). Answers false,
 * having done nothing, for what it leaves to the Express lane: a write or a body, a request
 * whose trace is sampled (Express's handlers record its span), a target `canonicalUrl` refuses
 * (the lane answers its error), and a session cookie the cache does not know (only the store
 * can tell, and the lane waits for it). An unsampled read is answered in its trace's context,
 * so the forward passes the sampler's decision on.
 */
export function plainReads(
  deps: PlainReadsDeps,
): (req: IncomingMessage, res: ServerResponse, route: UpstreamRoute, path: string) => boolean {
  const plain = plainRequestsOf(deps.app);
  const clientOf = plainClientOf(deps.app);
  const edgeHeaders = fixedHeadersOf(deps.securityHeaders);
  const answer = (
    req: IncomingMessage,
    res: ServerResponse,
    route: UpstreamRoute,
    path: string,
    session: ResolvedSession | null,
  ) => {
    const method = req.method ?? '';
    const url = req.url ?? '/';
    for (const name of deps.droppedHeaders) delete req.headers[name];
    delete req.headers.authorization;
    const requestId = plain.begin(req, res, proxyRoute(route));
    for (const [name, value] of edgeHeaders) res.setHeader(name, value);
    res.setHeader('Cache-Control', cachePolicyFor(method, url, session !== null)!);
    const tcSession = session ?? undefined;
    const read = { method, headers: req.headers, originalUrl: url, tcSession };
    deps.proxies.pass(route, req, res, {
      session: tcSession,
      requestId,
      client: clientOf(req),
      keepable: deps.kept?.keyOf(read, path),
    });
  };
  return (req, res, route, path) => {
    const method = req.method ?? '';
    if ((method !== 'GET' && method !== 'HEAD') || hasBody(req) || !plain.accepts(req)) {
      return false;
    }
    const session = deps.sessions.cached(cookieOf(req.headers.cookie, deps.cookieName));
    if (session === undefined) return false;
    try {
      plain.within(req, answer, req, res, route, path, session);
    } catch (err) {
      // As the Express lane's error handler answers an unknown failure.
      deps.logger.error({ err }, 'unhandled error');
      if (res.headersSent) res.destroy();
      else {
        res.writeHead(500, { 'content-type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify({ message: UNEXPECTED_ERROR }));
      }
    }
    return true;
  };
}
