import { producerOf, type EventSubject } from '@trustcircle/contracts';

/**
 * Where events live in NATS. The outbox stores bare subjects; only the wire adds the prefix,
 * so a prefixed test run and production write identical rows.
 */
export interface EventNaming {
  prefix: string;
  /** `identity.user.registered` → `<prefix>.identity.user.registered`. */
  wireSubject(subject: string): string;
  /** The stream a producer writes to: `IDENTITY`, or `<PREFIX>_IDENTITY`. */
  streamName(producer: string): string;
  /** Every subject of one producer: `identity.>`. */
  producerWildcard(producer: string): string;
}

export function eventNaming(prefix = ''): EventNaming {
  const head = prefix ? `${prefix}.` : '';
  const streamHead = prefix ? `${prefix.toUpperCase().replace(/-/g, '_')}_` : '';
  return {
    prefix,
    wireSubject: (subject) => `${head}${subject}`,
    streamName: (producer) => `${streamHead}${producer.toUpperCase()}`,
    producerWildcard: (producer) => `${head}${producer}.>`,
  };
}

/**
 * A JetStream consumer reads one stream and (on NATS 2.9) one filter subject: group the
 * subjects a consumer wants by producer, and use the exact subject when there is only one.
 */
export function consumerFilters(
  naming: EventNaming,
  subjects: readonly EventSubject[],
): { producer: string; stream: string; filterSubject: string; subjects: EventSubject[] }[] {
  const byProducer = new Map<string, EventSubject[]>();
  for (const subject of new Set(subjects)) {
    const producer = producerOf(subject);
    byProducer.set(producer, [...(byProducer.get(producer) ?? []), subject]);
  }
  return [...byProducer].map(([producer, list]) => ({
    producer,
    stream: naming.streamName(producer),
    filterSubject:
      list.length === 1 ? naming.wireSubject(list[0]!) : naming.producerWildcard(producer),
    subjects: list,
  }));
}
