import {
  context,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Context,
  type Link,
  type Span,
} from '@opentelemetry/api';

/** W3C trace context as it travels in an outbox row and in NATS headers. */
export interface TraceCarrier {
  traceparent?: string;
  tracestate?: string;
}

const tracer = () => trace.getTracer('@trustcircle/service-kit');

/** The active span's context, to be stored with an event; null when nothing is traced. */
export function activeTraceCarrier(): TraceCarrier | null {
  const carrier: TraceCarrier = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent ? carrier : null;
}

/** The context a carrier describes (the root context for an empty one). */
export function contextFromCarrier(carrier: TraceCarrier | null | undefined): Context {
  if (!carrier?.traceparent) return ROOT_CONTEXT;
  return propagation.extract(ROOT_CONTEXT, carrier);
}

/** Span links to the contexts of events handled together (a batch has one parent only). */
export function linksTo(carriers: (TraceCarrier | null | undefined)[]): Link[] {
  return carriers.flatMap((carrier) => {
    const spanContext = trace.getSpanContext(contextFromCarrier(carrier));
    return spanContext ? [{ context: spanContext }] : [];
  });
}

/**
 * Runs `work` in a span whose parent is `parent` (messaging spans: `publish`, `process`),
 * recording a thrown error on it. With tracing off the API's no-op tracer makes this a plain call.
 */
export function inSpan<T>(
  name: string,
  options: {
    parent: Context;
    kind: 'producer' | 'consumer';
    attributes?: Record<string, string | number>;
    links?: Link[];
  },
  work: (span: Span) => Promise<T>,
): Promise<T> {
  const kind = options.kind === 'producer' ? SpanKind.PRODUCER : SpanKind.CONSUMER;
  return tracer().startActiveSpan(
    name,
    { kind, attributes: options.attributes, links: options.links },
    options.parent,
    async (span) => {
      try {
        return await work(span);
      } catch (err) {
        span.recordException(err as Error);
        span.setStatus({ code: SpanStatusCode.ERROR });
        throw err;
      } finally {
        span.end();
      }
    },
  );
}

/** The trace context of `span` as a carrier (for the headers of what it sends). */
export function carrierOf(span: Span): TraceCarrier {
  const carrier: TraceCarrier = {};
  propagation.inject(trace.setSpan(ROOT_CONTEXT, span), carrier);
  return carrier;
}

/** Ids for log lines: the active span's, or nothing. */
export function activeTraceIds(): { trace_id: string; span_id: string } | Record<string, never> {
  const span = trace.getSpan(context.active());
  if (!span) return {};
  const { traceId, spanId } = span.spanContext();
  return { trace_id: traceId, span_id: spanId };
}

/** Sends the spans still batched (on shutdown, before the process exits); nothing when off. */
export async function flushTracing(): Promise<void> {
  const delegate = (trace.getTracerProvider() as { getDelegate?: () => unknown }).getDelegate?.();
  const flush = (delegate as { forceFlush?: () => Promise<void> } | undefined)?.forceFlush;
  await flush?.call(delegate);
}
