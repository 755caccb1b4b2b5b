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
 * subjects a consumer wants by producer, and filter on the narrowest subject that covers them
 * (the exact one when alone, else a wildcard after their common tokens). Each message the
 * filter lets through costs the consumer a delivery, a parse and an ack even when it is not
 * wanted: a consumer of a review's states must not receive every helpful vote.
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
      list.length === 1
        ? naming.wireSubject(list[0]!)
        : `${naming.wireSubject(commonTokens(list).join('.'))}.>`,
    subjects: list,
  }));
}

/**
 * The leading tokens every subject shares, never a whole subject (`x.>` does not match `x`);
 * at least the producer's, which grouped them.
 */
function commonTokens(subjects: readonly string[]): string[] {
  const [first = [], ...rest] = subjects.map((subject) => subject.split('.'));
  const shared = first.slice(0, -1);
  for (const tokens of rest) {
    let i = 0;
    while (i < shared.length && i < tokens.length - 1 && shared[i] === tokens[i]) i += 1;
    shared.length = i;
  }
  return shared;
}
