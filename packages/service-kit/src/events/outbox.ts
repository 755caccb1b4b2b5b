import { randomUUID } from 'node:crypto';
import {
  EVENT_SCHEMA_VERSION,
  EventPayloadSchemas,
  producerOf,
  type EventEnvelope,
  type EventPayload,
  type EventSubject,
} from '@trustcircle/contracts';
import type { Knex } from '../db';
import { wakeAfterCommit } from '../local-wake';
import { activeTraceCarrier } from '../tracing/context';
import { outboxStore } from './outbox-store';

export type EventHeader<S extends EventSubject> = Omit<EventEnvelope<S>, 'data'>;

/** Everything of an envelope but its payload (for a payload the database writes itself). */
export function eventHeader<S extends EventSubject>(
  subject: S,
  options: { id?: string; occurredAt?: Date } = {},
): EventHeader<S> {
  return {
    id: options.id ?? randomUUID(),
    type: subject,
    producer: producerOf(subject),
    occurredAt: (options.occurredAt ?? new Date()).toISOString(),
    version: EVENT_SCHEMA_VERSION,
  } as EventHeader<S>;
}

/** Builds the envelope for one event; the payload is checked against its contract. */
export function buildEnvelope<S extends EventSubject>(
  subject: S,
  data: EventPayload<S>,
  options: { id?: string; occurredAt?: Date } = {},
): EventEnvelope<S> {
  // Parse, not just check: the envelope carries exactly the contract's fields, nothing extra.
  const parsed = EventPayloadSchemas[subject].parse(data) as EventPayload<S>;
  return { ...eventHeader(subject, options), data: parsed } as EventEnvelope<S>;
}

/**
 * Records an event in the caller's transaction (design §3, transactional outbox): it is
 * published by the relay after commit, and never if the transaction rolls back. Throws (and so
 * fails the transaction) when `data` does not match the subject's contract.
 */
export async function publish<S extends EventSubject>(
  trx: Knex.Transaction,
  subject: S,
  data: EventPayload<S>,
  options: { id?: string; occurredAt?: Date } = {},
): Promise<EventEnvelope<S>> {
  const envelope = buildEnvelope(subject, data, options);
  await outboxStore.insert(trx, {
    id: envelope.id,
    subject,
    envelope,
    trace: activeTraceCarrier(),
  });
  wakeAfterCommit(trx, OUTBOX);
  return envelope;
}

/** The relay's wake-up name is `outbox_<schema>` (local-wake.ts). */
export const OUTBOX = 'outbox';

/**
 * An event recorded by the statement that makes the change it tells of (`outboxed`, a CTE to
 * put in that statement, outbox-store.ts `insertCte`): for the hottest writes, whose payload is
 * a few of the written columns, the write and its event commit as one autocommitted statement
 * instead of a transaction of four round trips. The payload is SQL here, not a checked object:
 * a test must parse what the relay publishes against the subject's contract. Once the
 * statement has run, the caller wakes the relay: `wakeAfterCommit(db, OUTBOX)`.
 */
export function eventInStatement<S extends EventSubject>(
  subject: S,
  payload: { from: string; data: string; bindings: readonly Knex.RawBinding[] },
): { sql: string; bindings: Knex.RawBinding[] } {
  const header = eventHeader(subject);
  return outboxStore.insertCte(payload.from, payload.data, payload.bindings, {
    id: header.id,
    subject,
    header,
    trace: activeTraceCarrier(),
  });
}
