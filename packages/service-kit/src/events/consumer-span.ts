import type { JsMsg } from 'nats';
import { contextFromCarrier, inSpan, linksTo, type TraceCarrier } from '../tracing/context';

function carrierOf(msg: JsMsg): TraceCarrier | null {
  const traceparent = msg.headers?.get('traceparent');
  if (!traceparent) return null;
  return { traceparent, tracestate: msg.headers?.get('tracestate') || undefined };
}

/**
 * Runs a consumer's work on delivered events in a `process` span. Its parent is the first
 * event's publish span (from the W3C headers the relay sent), so the handler's SQL and log lines
 * join the trace of the request that wrote the event; a batch links every event's context.
 */
export function inProcessSpan<T>(
  durable: string,
  items: { msg: JsMsg; event: { id: string; type: string } }[],
  work: () => Promise<T>,
): Promise<T> {
  const carriers = items.map(({ msg }) => carrierOf(msg));
  const first = items[0]!;
  return inSpan(
    `process ${first.event.type}`,
    {
      parent: contextFromCarrier(carriers[0]),
      kind: 'consumer',
      links: items.length > 1 ? linksTo(carriers) : undefined,
      attributes: {
        'messaging.system': 'nats',
        'messaging.operation.type': 'process',
        'messaging.destination.name': first.msg.subject,
        'messaging.consumer.group.name': durable,
        'messaging.batch.message_count': items.length,
        'messaging.message.id': first.event.id,
      },
    },
    work,
  );
}
