import type { ServerResponse } from 'node:http';
import { traceHeaders, type Logger } from '@trustcircle/service-kit';
import type { RequestHandler } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
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
   * A long-lived answer (Server-Sent Events): no proxy timeout, its own agent without an idle
   * socket timeout, and nothing between may buffer it.
   */
  streaming?: boolean;
}

export const prefix =
  (...prefixes: string[]) =>
  (path: string) =>
    prefixes.some((p) => path === p || path.startsWith(`${p}/`));

/**
 * The target as http-proxy's URL object: given a string, http-proxy parses it again (legacy
 * `url.parse`) on every request, about 4% of the gateway's busy time under load.
 */
function parsedTarget(target: string) {
  const url = new URL(target);
  return { protocol: url.protocol, host: url.host, hostname: url.hostname, port: url.port };
}

/**
 * Forwards `/api/*` to the owning service with the session's JWT. Client credentials never
 * pass through, and services never set cookies (only the gateway does).
 */
export function createProxies(
  routes: UpstreamRoute[],
  deps: { upstreams: Upstreams; tokens: TokenMinter; logger: Logger; streams?: OpenStreams },
): RequestHandler {
  const proxies = routes.map((route) => ({
    route,
    handler: createProxyMiddleware({
      target: parsedTarget(route.target),
      agent: route.streaming
        ? deps.upstreams.streamAgentFor(route.target)
        : deps.upstreams.agentFor(route.target),
      xfwd: true,
      ...(route.streaming ? {} : { proxyTimeout: deps.upstreams.options.timeoutMs }),
      on: {
        proxyReq(proxyReq, req) {
          proxyReq.removeHeader('authorization');
          proxyReq.removeHeader('cookie');
          const session = (req as { tcSession?: ResolvedSession }).tcSession;
          if (session) {
            const token = deps.tokens.forUser(session.userId, session.roles);
            proxyReq.setHeader('authorization', `Bearer ${token}`);
          }
          const requestId = (req as { id?: unknown }).id;
          if (typeof requestId === 'string') proxyReq.setHeader('x-request-id', requestId);
          for (const [name, value] of Object.entries(traceHeaders()))
            proxyReq.setHeader(name, value);
          deps.upstreams.guardConnect(proxyReq);
        },
        proxyRes(proxyRes, req) {
          delete proxyRes.headers['set-cookie'];
          if (route.streaming) {
            // Each event reaches the browser as it is written: no Nagle delay, no buffering by
            // a proxy in front of us (nginx honours X-Accel-Buffering).
            req.socket.setNoDelay(true);
            req.socket.setTimeout(0);
            proxyRes.headers['x-accel-buffering'] = 'no';
          }
        },
        error(err, _req, res) {
          deps.logger.warn({ err: err.message, service: route.service }, 'upstream unavailable');
          const response = res as ServerResponse;
          if (typeof response.writeHead !== 'function') {
            (res as { destroy?: () => void }).destroy?.();
            return;
          }
          if (response.headersSent) {
            response.destroy();
            return;
          }
          response.writeHead(503, {
            'content-type': 'application/json; charset=utf-8',
            'retry-after': '2',
          });
          response.end(
            JSON.stringify({
              message: `${route.label} is unavailable right now. Please try again shortly.`,
            }),
          );
        },
      },
    }),
  }));

  return (req, res, next) => {
    const match = proxies.find(({ route }) => route.matches(req.path, req.method));
    if (!match) return next();
    res.locals.metricsRoute = `proxy:${match.route.service}${match.route.streaming ? ':stream' : ''}`;
    if (match.route.streaming) {
      res.locals.longLived = true;
      if (req.tcSession) deps.streams?.track(req.tcSession.idHash, res);
    }
    return match.handler(req, res, next);
  };
}
