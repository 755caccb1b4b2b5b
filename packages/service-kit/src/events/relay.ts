import {
  headers as natsHeaders,
  type JetStreamClient,
  type JetStreamManager,
  type NatsConnection,
} from 'nats';
import { transactionOpenedWith } from '../light-transactions';
import { onLocalWake } from '../local-wake';
import { OUTBOX } from './outbox';
import type { BackgroundWorker } from '../server';
import { carrierOf, contextFromCarrier, inSpan } from '../tracing/context';
import { backoffDelay, sleep } from './backoff';
import { connectedOrAborted, requireNats, type EventsContext } from './context';
import { relayMetrics, outboxGauges, streamConsumerGauge } from './metrics';
import { eventNaming } from './naming';
import { outboxStore, type OutboxRow } from './outbox-store';
import { ensureStream, streamConfig } from './streams';

export interface RelayOptions {
  /** Rows read, and publishes kept in flight, per round. */
  batchSize?: number;
  /**
   * The wake-up for rows this process did not write (another replica's, a script's): each
   * process wakes its own relay when it commits a row (local-wake.ts).
   */
  pollIntervalMs?: number;
  /** How soon to try again when another replica holds the relay's lock (doubling after). */
  lockRetryMs?: number;
  /** How long one publish waits for its JetStream ack. */
  publishTimeoutMs?: number;
  retryBaseMs?: number;
  retryMaxMs?: number;
}

export interface OutboxRelay extends BackgroundWorker {
  /** One round: publishes up to a batch and answers how many were acknowledged. */
  relayOnce(): Promise<number>;
}

interface Round {
  /** Whether this replica held the schema's relay lock for the round. */
  granted: boolean;
  acked: number;
  failed: number;
  full: boolean;
}

const encoder = new TextEncoder();

/**
 * Publishes the service's outbox to JetStream (design §3). One round, in one transaction:
 * take the oldest rows out of the outbox under the schema's advisory lock (another replica
 * holding it means it is relaying), publish them all at once with `Nats-Msg-Id` = event id,
 * put back the ones not acknowledged, commit. A crash after publishing and before commit
 * republishes rows the stream then drops as duplicates.
 */
export function createOutboxRelay(ctx: EventsContext, options: RelayOptions = {}): OutboxRelay {
  const link = requireNats(ctx, 'the outbox relay');
  const {
    batchSize = 256,
    pollIntervalMs = 1000,
    lockRetryMs = 20,
    publishTimeoutMs = 3000,
    retryBaseMs = 200,
    retryMaxMs = 10_000,
  } = options;
  const db = ctx.relayDb ?? ctx.db;
  const naming = eventNaming(ctx.config.EVENTS_PREFIX);
  const metrics = relayMetrics(ctx.registry);
  const logger = ctx.logger.child({ worker: 'outbox-relay' });
  outboxGauges(ctx.registry, () => outboxStore.backlog(db));
  streamConsumerGauge(ctx.registry, async () => {
    const nc = link.current;
    if (!nc) return [];
    const jsm = await nc.jetstreamManager();
    const found: { consumer: string; pending: number }[] = [];
    for await (const info of jsm.consumers.list(naming.streamName(ctx.name))) {
      found.push({ consumer: info.name, pending: info.num_pending + info.num_ack_pending });
    }
    return found;
  });

  const abort = new AbortController();
  let stopWaking: (() => void) | null = null;
  let loop: Promise<void> | null = null;
  let dirty = true;
  let wake: (() => void) | null = null;
  // Streams provisioned on the current connection (a new connection may face a new server).
  let provisioned = new WeakMap<
    NatsConnection,
    { jsm: JetStreamManager; producers: Set<string> }
  >();

  const poke = () => {
    dirty = true;
    wake?.();
  };

  const waitForWork = () =>
    new Promise<void>((resolve) => {
      if (dirty || abort.signal.aborted) return resolve();
      const timer = setTimeout(done, pollIntervalMs);
      wake = done;
      abort.signal.addEventListener('abort', done, { once: true });
      function done() {
        clearTimeout(timer);
        wake = null;
        abort.signal.removeEventListener('abort', done);
        resolve();
      }
    });

  async function provision(nc: NatsConnection, rows: OutboxRow[]): Promise<void> {
    let state = provisioned.get(nc);
    if (!state) {
      state = { jsm: await nc.jetstreamManager(), producers: new Set() };
      provisioned.set(nc, state);
    }
    for (const producer of new Set(rows.map((row) => row.subject.split('.')[0]!))) {
      if (state.producers.has(producer)) continue;
      await ensureStream(
        state.jsm,
        streamConfig(naming, producer, ctx.config.EVENTS_STREAM_REPLICAS),
      );
      state.producers.add(producer);
    }
  }

  /**
   * One event, in a `publish` span under the trace of the request that wrote it; the span's
   * context goes in the W3C headers, so the consumers' work joins that trace.
   */
  function publishRow(js: JetStreamClient, wireSubject: string, row: OutboxRow) {
    const stored = {
      traceparent: row.traceparent ?? undefined,
      tracestate: row.tracestate ?? undefined,
    };
    const parent = contextFromCarrier(stored);
    const attributes = {
      'messaging.system': 'nats',
      'messaging.operation.type': 'publish',
      'messaging.destination.name': wireSubject,
      'messaging.message.id': row.id,
    };
    return inSpan(`publish ${row.subject}`, { parent, kind: 'producer', attributes }, (span) => {
      // Tracing off here: pass on the stored context, so consumers can still join it.
      const carrier = span.isRecording() ? carrierOf(span) : stored;
      const headers = natsHeaders();
      if (carrier.traceparent) headers.set('traceparent', carrier.traceparent);
      if (carrier.tracestate) headers.set('tracestate', carrier.tracestate);
      return js.publish(wireSubject, encoder.encode(JSON.stringify(row.envelope)), {
        msgID: row.id,
        timeout: publishTimeoutMs,
        headers,
      });
    });
  }

  async function round(nc: NatsConnection): Promise<Round> {
    const take = outboxStore.takeStatement(batchSize);
    return transactionOpenedWith(db, take, async (trx, answered) => {
      const { granted, rows } = outboxStore.taken(answered);
      if (rows.length === 0) return { granted, acked: 0, failed: 0, full: false };
      await provision(nc, rows);
      const js = nc.jetstream();
      // All publishes in flight at once; JetStream keeps one connection's publishes in order.
      const results = await Promise.allSettled(
        rows.map((row) => publishRow(js, naming.wireSubject(row.subject), row)),
      );
      const unacked = rows.filter((_, i) => results[i]!.status === 'rejected');
      await outboxStore.putBack(trx, unacked);
      for (const [i, row] of rows.entries()) {
        if (results[i]!.status === 'fulfilled') metrics.published.inc({ subject: row.subject });
      }
      const failed = unacked.length;
      if (failed) {
        metrics.failed.inc(failed);
        const firstError = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
        logger.warn({ err: firstError.reason, failed }, 'outbox publish not acknowledged');
      }
      return { granted, acked: rows.length - failed, failed, full: rows.length === batchSize };
    });
  }

  async function run(): Promise<void> {
    let failures = 0;
    // Rounds in a row that found another replica holding the lock.
    let lockWaits = 0;
    while (!abort.signal.aborted) {
      // Another replica's round may have begun before this process's last row committed: try
      // again soon, then less often while that replica stays busy (never rarer than the poll).
      if (lockWaits > 0) {
        await sleep(Math.min(lockRetryMs * 2 ** (lockWaits - 1), pollIntervalMs), abort.signal);
      } else await waitForWork();
      if (abort.signal.aborted) break;
      dirty = false;
      const nc = link.current ?? (await connectedOrAborted(link, abort.signal));
      if (!nc) break;
      try {
        const result = await round(nc);
        if (result.failed) throw new Error(`${result.failed} publishes not acknowledged`);
        failures = 0;
        lockWaits = result.granted ? 0 : lockWaits + 1;
        if (result.full) dirty = true;
      } catch (err) {
        failures += 1;
        // A lost connection can leave a half-provisioned state behind: provision again.
        provisioned = new WeakMap();
        const delay = backoffDelay(failures, { baseMs: retryBaseMs, maxMs: retryMaxMs });
        logger.warn({ err, attempt: failures, retryInMs: delay }, 'outbox relay round failed');
        await sleep(delay, abort.signal);
        lockWaits = 0;
        dirty = true;
      }
    }
  }

  return {
    name: 'outbox-relay',
    start() {
      stopWaking = onLocalWake(`${OUTBOX}_${ctx.name}`, poke);
      loop = run().catch((err: unknown) => logger.error({ err }, 'outbox relay stopped'));
    },
    async stop() {
      abort.abort();
      stopWaking?.();
      await loop;
    },
    async relayOnce() {
      const nc = link.current;
      if (!nc) throw new Error('NATS not connected');
      const result = await round(nc);
      return result.acked;
    },
  };
}
