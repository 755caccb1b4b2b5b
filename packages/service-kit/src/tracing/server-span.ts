import type { IncomingMessage } from 'node:http';
import {
  context,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Context,
  type Span,
  type Tracer,
} from '@opentelemetry/api';
import type { RequestHandler } from 'express';
import { routeTemplate } from '../route-template';
import { activeTraceCarrier } from './context';

/** The operational endpoints: probed every few seconds, never worth a trace. */
const UNTRACED_PATHS = new Set(['/livez', '/healthz', '/readyz', '/metrics']);

let tracer: Tracer | null = null;

/** Called by the SDK's start: until then (tracing off) requests get no span at all. */
export function enableServerSpans(): void {
  tracer = trace.getTracer('@trustcircle/service-kit');
}

/** A request's SERVER span and the context its handlers run in. */
export interface RequestTrace {
  span: Span;
  context: Context;
}

const requestTraces = new WeakMap<IncomingMessage, RequestTrace>();

/**
 * The request's SERVER span, child of the caller's W3C `traceparent` (`fromCaller`), started
 * once however often it is asked for (Express's request is Node's, re-prototyped): a lane that
 * answers without Express reads its sampling decision first, and a sampled request it leaves
 * to Express is recorded there under the same span. Null when tracing is off and for the
 * operational endpoints.
 */
export function requestTrace(req: IncomingMessage, fromCaller: boolean): RequestTrace | null {
  if (!tracer) return null;
  // Asked twice by the plain lane (`accepts`, `within`): the second time is one lookup.
  let found = requestTraces.get(req);
  if (!found) {
    const url = req.url ?? '/';
    const query = url.indexOf('?');
    const path = query === -1 ? url : url.slice(0, query);
    if (UNTRACED_PATHS.has(path)) return null;
    const parent = fromCaller ? propagation.extract(ROOT_CONTEXT, req.headers) : ROOT_CONTEXT;
    const method = req.method ?? '';
    // No sampler of ours reads attributes: set only on a span that records them, since most
    // requests' spans (nine in ten in production) are not sampled.
    const span = tracer.startSpan(method, { kind: SpanKind.SERVER }, parent);
    if (span.isRecording()) span.setAttributes({ 'http.request.method': method, 'url.path': path });
    found = { span, context: trace.setSpan(parent, span) };
    requestTraces.set(req, found);
  }
  return found;
}

/**
 * One SERVER span per request (`requestTrace`), named by the route template once express has
 * matched it (`POST /api/reviews`). In place of the http instrumentation, which computed a
 * dozen attributes before any sampling decision and bound every listener of the request and
 * response to the context: 30 % of a request's CPU (docs/performance.md, "Tracing overhead").
 */
export function serverSpans({ fromCaller }: { fromCaller: boolean }): RequestHandler {
  return (req, res, next) => {
    const found = requestTrace(req, fromCaller);
    if (!found) return next();
    const { span } = found;
    // Not sampled: nothing will be recorded, but the span still carries the decision onwards
    // (the services' parent-based samplers follow it), so only the bookkeeping is skipped.
    if (!span.isRecording()) return context.with(found.context, next);
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
    context.with(found.context, next);
  };
}

/** The active trace as request headers for a call to another service (none when off). */
export function traceHeaders(): Record<string, string> {
  return { ...(activeTraceCarrier() as Record<string, string> | null) };
}
