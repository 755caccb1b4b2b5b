import {
  context,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
} from '@opentelemetry/api';
import type { RequestHandler } from 'express';
import { routeTemplate } from '../route-template';
import { activeTraceCarrier } from './context';

/** The operational endpoints: probed every few seconds, never worth a trace. */
const UNTRACED_PATHS = new Set(['/livez', '/healthz', '/readyz', '/metrics']);

let enabled = false;

/** Called by the SDK's start: until then (tracing off) the middleware is a plain `next()`. */
export function enableServerSpans(): void {
  enabled = true;
}

/** Whether requests get a span (the SDK started): a request answered without Express then may not. */
export function serverSpansEnabled(): boolean {
  return enabled;
}

/**
 * One SERVER span per request, child of the caller's W3C `traceparent` (`fromCaller`), named by the route
 * template once express has matched it (`POST /api/reviews`). In place of the http
 * instrumentation, which computed a dozen attributes before any sampling decision and bound
 * every listener of the request and response to the context: 30 % of a request's CPU
 * (docs/performance.md, "Tracing overhead").
 */
export function serverSpans({ fromCaller }: { fromCaller: boolean }): RequestHandler {
  const tracer = trace.getTracer('@trustcircle/service-kit');
  return (req, res, next) => {
    if (!enabled || UNTRACED_PATHS.has(req.path)) return next();
    const parent = fromCaller ? propagation.extract(ROOT_CONTEXT, req.headers) : ROOT_CONTEXT;
    const span = tracer.startSpan(
      req.method,
      {
        kind: SpanKind.SERVER,
        attributes: { 'http.request.method': req.method, 'url.path': req.path },
      },
      parent,
    );
    // Not sampled: nothing will be recorded, but the span still carries the decision onwards
    // (the services' parent-based samplers follow it), so only the bookkeeping is skipped.
    if (!span.isRecording()) return context.with(trace.setSpan(parent, span), next);
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      const route = routeTemplate(req, res);
      if (route) {
        span.updateName(`${req.method} ${route}`);
        span.setAttribute('http.route', route);
      }
      span.setAttribute('http.response.status_code', res.statusCode);
      if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    };
    res.once('finish', end);
    res.once('close', end);
    context.with(trace.setSpan(parent, span), next);
  };
}

/** The active trace as request headers for a call to another service (none when off). */
export function traceHeaders(): Record<string, string> {
  return { ...(activeTraceCarrier() as Record<string, string> | null) };
}
