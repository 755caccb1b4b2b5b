import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { traceHeaders, type Logger } from '@trustcircle/service-kit';
import type { RequestHandler } from 'express';
import { clientOf } from './client-address';
import { forward, forwardTarget, type ClientAddress } from './forward';
import type { KeptAnswers, Keyed } from './kept-answers';
import { sendKept, tapFor } from './kept-answers-taps';
import type { OpenStreams } from './open-streams';
import type { ResolvedSession } from './sessions/session-service';
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

/** What a forward needs of the request beyond the request itself. */
export interface ProxiedCall {
  session: ResolvedSession | undefined;
  requestId: string;
  client: ClientAddress;
  /** Where its answer is kept, for a read the kept answers may keep (`KeptAnswers.keyOf`). */
  keepable: Keyed | undefined;
}

export interface Proxies {
  /** Express's: the request's owner's proxy, or `next()` when no service owns it. */
  handler: RequestHandler;
  /** Passes a request to `route`'s service (the plain reads call it without Express). */
  pass(route: UpstreamRoute, req: IncomingMessage, res: ServerResponse, call: ProxiedCall): void;
}

/** The metrics' route of a request a proxy passes on. */
export const proxyRoute = (route: UpstreamRoute) =>
  `proxy:${route.service}${route.streaming ? ':stream' : ''}`;

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
): Proxies {
  const { kept } = deps;
  const passes = new Map(
    routes.map((route) => {
      const target = forwardTarget(route.target);
      const via = route.streaming
        ? deps.upstreams.forStream(route.target)
        : deps.upstreams.forRequests(route.target);
      const onResponse = (answer: IncomingHttpHeaders, req: IncomingMessage) => {
        delete answer['set-cookie'];
        if (route.streaming) {
          // Each event reaches the browser as it is written: no Nagle delay, no buffering
          // by a proxy in front of us (nginx honours X-Accel-Buffering).
          req.socket.setNoDelay(true);
          req.socket.setTimeout(0);
          answer['x-accel-buffering'] = 'no';
        }
      };
      const unavailable = (err: Error, res: ServerResponse) => {
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
      };
      const pass = (req: IncomingMessage, res: ServerResponse, call: ProxiedCall) => {
        const answer = call.keepable && kept!.find(call.keepable.key);
        if (answer) return sendKept(res, answer);
        const headers: Record<string, string> = traceHeaders();
        if (call.session) {
          const token = deps.tokens.forUser(call.session.userId, call.session.roles);
          headers.authorization = `Bearer ${token}`;
        }
        headers['x-request-id'] = call.requestId;
        forward(req, res, target, {
          ...via,
          headers,
          client: call.client,
          drop: DROPPED,
          tap: kept && tapFor(kept, req.method ?? '', call.keepable, route.service),
          onResponse: (answer) => onResponse(answer, req),
          onError: (err) => unavailable(err, res),
        });
      };
      return [route, pass] as const;
    }),
  );

  return {
    pass: (route, req, res, call) => passes.get(route)!(req, res, call),
    handler(req, res, next) {
      const route = findUpstream(routes, req.path, req.method);
      if (!route) return next();
      res.locals.metricsRoute = proxyRoute(route);
      if (route.streaming) {
        res.locals.longLived = true;
        if (req.tcSession) deps.streams?.track(req.tcSession.idHash, res);
      }
      passes.get(route)!(req, res, {
        session: req.tcSession,
        requestId: req.id,
        client: clientOf(req),
        keepable: kept && !route.streaming ? kept.keyOf(req, req.path) : undefined,
      });
    },
  };
}

/** The client's credentials: never passed on (the service gets the session's JWT instead). */
const DROPPED = ['authorization', 'cookie'];
