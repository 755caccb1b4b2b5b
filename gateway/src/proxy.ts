import { traceHeaders, type Logger } from '@trustcircle/service-kit';
import type { RequestHandler } from 'express';
import { forward, forwardTarget } from './forward';
import type { KeptAnswers } from './kept-answers';
import { sendKept, tapFor } from './kept-answers-taps';
import type { OpenStreams } from './open-streams';
import type { TokenMinter } from './tokens';
import type { Upstreams } from './upstream';

export interface UpstreamRoute {
  /** Service name, for logs and metrics. */
  service: string;
  /** What users read when it is down: "{label} is unavailable right now…". */
  label: string;
  target: string;
  /** Does this request belong to the service? Routes are tried in order, most specific first. */
  matches(path: string, method: string): boolean;
  /**
   * A long-lived answer (Server-Sent Events): no timeout once its headers are in, its own
   * connection pool, and nothing between may buffer it.
   */
  streaming?: boolean;
}

export const prefix =
  (...prefixes: string[]) =>
  (path: string) =>
    prefixes.some((p) => path === p || path.startsWith(`${p}/`));

/** The service that owns this request, the first route that matches. */
export function findUpstream(
  routes: readonly UpstreamRoute[],
  path: string,
  method: string,
): UpstreamRoute | undefined {
  return routes.find((route) => route.matches(path, method));
}

/**
 * Forwards `/api/*` to the owning service with the session's JWT. Client credentials never
 * pass through, and services never set cookies (only the gateway does).
 */
export function createProxies(
  routes: UpstreamRoute[],
  deps: {
    upstreams: Upstreams;
    tokens: TokenMinter;
    logger: Logger;
    streams?: OpenStreams;
    kept?: KeptAnswers;
  },
): RequestHandler {
  const proxies = routes.map((route) => {
    const target = forwardTarget(route.target);
    const via = route.streaming
      ? deps.upstreams.forStream(route.target)
      : deps.upstreams.forRequests(route.target);
    const { kept } = deps;
    const handler: RequestHandler = (req, res) => {
      const keepable = kept && !route.streaming ? kept.keyOf(req, req.path) : undefined;
      const answer = keepable && kept!.find(keepable.key);
      if (answer) return sendKept(res, answer);
      const headers: Record<string, string> = { ...traceHeaders() };
      if (req.tcSession) {
        const token = deps.tokens.forUser(req.tcSession.userId, req.tcSession.roles);
        headers.authorization = `Bearer ${token}`;
      }
      if (typeof req.id === 'string') headers['x-request-id'] = req.id;
      forward(req, res, target, {
        ...via,
        headers,
        drop: ['authorization', 'cookie'],
        tap: kept && tapFor(kept, req.method, keepable, route.service),
        onResponse(answer) {
          delete answer['set-cookie'];
          if (route.streaming) {
            // Each event reaches the browser as it is written: no Nagle delay, no buffering
            // by a proxy in front of us (nginx honours X-Accel-Buffering).
            req.socket.setNoDelay(true);
            req.socket.setTimeout(0);
            answer['x-accel-buffering'] = 'no';
          }
        },
        onError(err) {
          deps.logger.warn({ err: err.message, service: route.service }, 'upstream unavailable');
          if (res.headersSent || res.destroyed) {
            res.destroy();
            return;
          }
          res.writeHead(503, {
            'content-type': 'application/json; charset=utf-8',
            'retry-after': '2',
          });
          res.end(
            JSON.stringify({
              message: `${route.label} is unavailable right now. Please try again shortly.`,
            }),
          );
        },
      });
    };
    return { route, handler };
  });

  const handlers = new Map(proxies.map(({ route, handler }) => [route, handler]));
  return (req, res, next) => {
    const route = findUpstream(routes, req.path, req.method);
    if (!route) return next();
    res.locals.metricsRoute = `proxy:${route.service}${route.streaming ? ':stream' : ''}`;
    if (route.streaming) {
      res.locals.longLived = true;
      if (req.tcSession) deps.streams?.track(req.tcSession.idHash, res);
    }
    return handlers.get(route)!(req, res, next);
  };
}
