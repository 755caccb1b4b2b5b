import {
  parseEventEnvelope,
  type EventEnvelope,
  type EventParseResult,
  type EventSubject,
} from '@trustcircle/contracts';
import { ConsumerEvents, type ConsumerMessages, type JsMsg } from 'nats';
import { transactionOpenedWith, type Knex } from '../db';
import type { BackgroundWorker } from '../server';
import { backoffDelay, sleep } from './backoff';
import { connectedOrAborted, requireNats, type EventsContext } from './context';
import { inboxStore } from './inbox-store';
import { inProcessSpan } from './consumer-span';
import { consumerMetrics } from './metrics';
import { consumerFilters, eventNaming } from './naming';
import { Semaphore } from './semaphore';
import { ensureDurableConsumer, ensureStream, STREAM_MAX_AGE_MS, streamConfig } from './streams';

export type EventHandler<S extends EventSubject> = (
  trx: Knex.Transaction,
  event: EventEnvelope<S>,
) => Promise<void>;

export interface EventConsumerOptions<S extends EventSubject> {
  /** What the consumer is for; the durable is named `<service>-<purpose>`. */
  purpose: string;
  subjects: readonly S[];
  /** Runs in the transaction that also records the event id in the inbox. */
  handle: EventHandler<S>;
  /** Handlers running at once (across all of the consumer's streams). */
  concurrency?: number;
  /** Deliveries before JetStream gives up on a message. */
  maxDeliver?: number;
  /** A delivery not acked within this is redelivered (a crashed consumer's messages). */
  ackWaitMs?: number;
  /** Redelivery delay after a failed handler: exponential from base to max. */
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** Missed idle heartbeats after which the pull is rebuilt from scratch. */
  heartbeatsBeforeRestart?: number;
  /**
   * Events of these subjects are applied several at a time: the ones waiting when a batch
   * starts (up to `maxEvents`) share one transaction, one inbox statement and one commit, and
   * `handle` gets them in delivery order (duplicates and already applied ones removed). A batch
   * starts once its first event has waited `waitMs` (default 0: under load batches grow, when
   * quiet each holds one event) or `maxEvents` are waiting. A batch that fails is applied again
   * one event at a time with the consumer's `handle`, so one bad event costs only itself its
   * retries.
   */
  batch?: {
    subjects: readonly S[];
    handle: (trx: Knex.Transaction, events: EventEnvelope<S>[]) => Promise<void>;
    maxEvents?: number;
    /** Batches running at once. */
    concurrency?: number;
    /**
     * How long a batch's first event may wait for others: a transaction, an inbox statement
     * and a commit shared by more events, for that much later an effect.
     */
    waitMs?: number;
  };
}

const HOUR = 3_600_000;

/**
 * A durable JetStream pull consumer (design §3): explicit acks, a concurrency limit, and an
 * inbox row written in the handler's transaction so a redelivery changes nothing. Invalid
 * payloads are terminated and logged; failing handlers are nak'ed with backoff up to
 * `maxDeliver`. It waits for NATS when NATS is away and rebuilds its pull after a lost
 * connection or missed heartbeats. `stop()` stops pulling and waits for running handlers.
 */
export function createEventConsumer<S extends EventSubject>(
  ctx: EventsContext,
  options: EventConsumerOptions<S>,
): BackgroundWorker & { durable: string } {
  const link = requireNats(ctx, 'an event consumer');
  const {
    purpose,
    subjects,
    handle,
    concurrency = 16,
    maxDeliver = 10,
    ackWaitMs = 30_000,
    retryBaseMs = 500,
    retryMaxMs = 60_000,
    heartbeatsBeforeRestart = 3,
  } = options;
  if (!/^[a-z0-9][a-z0-9_-]*$/.test(purpose)) throw new Error(`invalid purpose ${purpose}`);
  const durable = `${ctx.name}-${purpose}`;
  const naming = eventNaming(ctx.config.EVENTS_PREFIX);
  const filters = consumerFilters(naming, subjects);
  const metrics = consumerMetrics(ctx.registry);
  const logger = ctx.logger.child({ worker: 'event-consumer', consumer: durable });
  const slots = new Semaphore(concurrency);
  const abort = new AbortController();
  const pulls = new Set<ConsumerMessages>();
  // Handlers running, counted rather than held in a set: a set holding each task until it
  // settles kept its event and transaction alive through young-generation GCs (the drain's
  // set did the same to every answer: docs/performance.md, "Twenty-second session").
  let running = 0;
  let drained: (() => void) | null = null;
  let loops: Promise<void>[] = [];
  let pruneTimer: NodeJS.Timeout | null = null;

  function parse(msg: JsMsg): EventParseResult {
    let body: unknown;
    try {
      body = msg.json();
    } catch {
      return { ok: false, reason: 'not JSON' };
    }
    const result = parseEventEnvelope(body);
    if (result.ok && naming.wireSubject(result.envelope.type) !== msg.subject) {
      return { ok: false, reason: `type ${result.envelope.type} sent on ${msg.subject}` };
    }
    return result;
  }

  /** Acks on a connection that is gone cannot be sent; redelivery and the inbox cover it. */
  function settle(msg: JsMsg, action: () => void): void {
    try {
      action();
    } catch (err) {
      logger.warn({ err, seq: msg.seq }, 'could not settle message; it will be redelivered');
    }
  }

  /** The delivery's event if it is one to apply; otherwise it is settled here and null. */
  function accept(msg: JsMsg, wanted: readonly EventSubject[]): EventEnvelope<S> | null {
    if (msg.info.redelivered) metrics.redelivered.inc({ consumer: durable });
    const parsed = parse(msg);
    if (!parsed.ok) {
      metrics.failed.inc({ consumer: durable, reason: 'invalid' });
      logger.error(
        { subject: msg.subject, streamSeq: msg.seq, reason: parsed.reason, issues: parsed.issues },
        'event rejected: it does not match its contract; terminated',
      );
      // No reason text: NATS before 2.10.4 does not parse `+TERM <reason>` and redelivers.
      settle(msg, () => msg.term());
      return null;
    }
    const event = parsed.envelope;
    if (!wanted.includes(event.type)) {
      // A wildcard filter also brings the producer's other subjects.
      metrics.processed.inc({ consumer: durable, subject: event.type, outcome: 'ignored' });
      settle(msg, () => msg.ack());
      return null;
    }
    return event as EventEnvelope<S>;
  }

  function recordProcessed(event: EventEnvelope<S>, applied: boolean): void {
    metrics.processed.inc({
      consumer: durable,
      subject: event.type,
      outcome: applied ? 'applied' : 'duplicate',
    });
    if (applied) {
      const lag = (Date.now() - Date.parse(event.occurredAt)) / 1000;
      metrics.lag.observe({ consumer: durable }, Math.max(0, lag));
      metrics.lastApplied.set({ consumer: durable }, Date.now() / 1000);
      logger.debug({ eventId: event.id, subject: event.type }, 'event applied');
    }
  }

  function applyOne(msg: JsMsg, event: EventEnvelope<S>): Promise<void> {
    return inProcessSpan(durable, [{ msg, event }], () => applyOneTraced(msg, event));
  }

  async function applyOneTraced(msg: JsMsg, event: EventEnvelope<S>): Promise<void> {
    try {
      const claim = inboxStore.claimStatement(durable, [event.id]);
      const applied = await transactionOpenedWith(ctx.db, claim, async (trx, claimed) => {
        if (claimed.length === 0) return false;
        await handle(trx, event);
        return true;
      });
      settle(msg, () => msg.ack());
      recordProcessed(event, applied);
    } catch (err) {
      metrics.failed.inc({ consumer: durable, reason: 'handler' });
      const attempt = msg.info.deliveryCount;
      const context = { err, eventId: event.id, subject: event.type, attempt };
      if (attempt >= maxDeliver) {
        logger.error(context, 'event handler failed for the last time; giving up');
        settle(msg, () => msg.term());
      } else {
        const delay = backoffDelay(attempt, { baseMs: retryBaseMs, maxMs: retryMaxMs });
        logger.warn({ ...context, retryInMs: delay }, 'event handler failed; will retry');
        settle(msg, () => msg.nak(delay));
      }
    }
  }

  const batching = options.batch;
  const batchSubjects = new Set<EventSubject>(batching?.subjects ?? []);
  const queued: { msg: JsMsg; event: EventEnvelope<S>; at: number }[] = [];
  let batchesRunning = 0;
  /** Starts the batches once the first queued event has waited `waitMs`. */
  let waiting: NodeJS.Timeout | null = null;

  function track(task: Promise<void>): void {
    running += 1;
    void task.finally(() => {
      running -= 1;
      if (running === 0) drained?.();
    });
  }

  function startBatches(): void {
    if (!batching) return;
    if (abort.signal.aborted) {
      if (waiting) clearTimeout(waiting);
      // Shutting down: hand them back at once rather than after ack_wait.
      for (const { msg } of queued.splice(0)) settle(msg, () => msg.nak());
      return;
    }
    const maxEvents = batching.maxEvents ?? 100;
    while (batchesRunning < (batching.concurrency ?? 2) && queued.length > 0) {
      const wait = queued[0]!.at + (batching.waitMs ?? 0) - Date.now();
      if (wait > 0 && queued.length < maxEvents) {
        waiting ??= setTimeout(() => {
          waiting = null;
          startBatches();
        }, wait);
        return;
      }
      const items = queued.splice(0, maxEvents);
      batchesRunning += 1;
      track(
        applyBatch(batching.handle, items).finally(() => {
          batchesRunning -= 1;
          startBatches();
        }),
      );
    }
  }

  async function applyBatch(
    handleBatch: NonNullable<EventConsumerOptions<S>['batch']>['handle'],
    items: { msg: JsMsg; event: EventEnvelope<S> }[],
  ): Promise<void> {
    const applied = await inProcessSpan(durable, items, () => applyBatchTraced(handleBatch, items));
    // Outside the batch's span: each event retried alone gets its own, under its own trace.
    if (!applied) for (const { msg, event } of items) await applyOne(msg, event);
  }

  async function applyBatchTraced(
    handleBatch: NonNullable<EventConsumerOptions<S>['batch']>['handle'],
    items: { msg: JsMsg; event: EventEnvelope<S> }[],
  ): Promise<boolean> {
    try {
      const claim = inboxStore.claimStatement(
        durable,
        items.map(({ event }) => event.id),
      );
      const claimed = await transactionOpenedWith(ctx.db, claim, async (trx, rows) => {
        const ids = new Set((rows as { event_id: string }[]).map((row) => row.event_id));
        // A redelivery can sit in the same batch as the delivery it repeats: apply it once.
        const events = items.map(({ event }) => event).filter((event) => ids.delete(event.id));
        if (events.length > 0) await handleBatch(trx, events);
        return new Set(events);
      });
      for (const { msg, event } of items) {
        settle(msg, () => msg.ack());
        recordProcessed(event, claimed.has(event));
      }
      return true;
    } catch (err) {
      logger.warn({ err, events: items.length }, 'event batch failed; applying one by one');
      return false;
    }
  }

  async function watch(pull: ConsumerMessages): Promise<void> {
    for await (const status of await pull.status()) {
      if (
        (status.type === ConsumerEvents.HeartbeatsMissed &&
          Number(status.data) >= heartbeatsBeforeRestart) ||
        status.type === ConsumerEvents.ConsumerDeleted
      ) {
        // The library retries by itself; past this point start over (re-provision, re-pull).
        logger.warn({ status: status.type, data: status.data }, 'rebuilding the pull');
        pull.stop();
      }
    }
  }

  async function runFilter(filter: (typeof filters)[number]): Promise<void> {
    let failures = 0;
    while (!abort.signal.aborted) {
      const nc = link.current ?? (await connectedOrAborted(link, abort.signal));
      if (!nc) break;
      let pull: ConsumerMessages | null = null;
      try {
        const jsm = await nc.jetstreamManager();
        // Consumers may start before the producer ever ran: the stream config is shared code.
        await ensureStream(
          jsm,
          streamConfig(naming, filter.producer, ctx.config.EVENTS_STREAM_REPLICAS),
        );
        await ensureDurableConsumer(jsm, {
          stream: filter.stream,
          durable,
          filterSubject: filter.filterSubject,
          maxDeliver,
          ackWaitMs,
          maxAckPending: Math.max(256, concurrency * 4),
        });
        const consumer = await nc.jetstream().consumers.get(filter.stream, durable);
        pull = await consumer.consume({ max_messages: concurrency * 2 });
        pulls.add(pull);
        void watch(pull).catch(() => undefined);
        failures = 0;
        for await (const msg of pull) {
          if (abort.signal.aborted) {
            // Shutting down: hand it back at once rather than after ack_wait.
            settle(msg, () => msg.nak());
            continue;
          }
          const event = accept(msg, filter.subjects);
          if (!event) continue;
          if (batchSubjects.has(event.type)) {
            queued.push({ msg, event, at: Date.now() });
            startBatches();
            continue;
          }
          await slots.acquire();
          track(applyOne(msg, event).finally(() => slots.release()));
        }
        if (!abort.signal.aborted) logger.warn('pull ended; starting again');
      } catch (err) {
        if (abort.signal.aborted) break;
        failures += 1;
        const delay = backoffDelay(failures, { baseMs: 200, maxMs: 10_000 });
        logger.warn({ err, stream: filter.stream, retryInMs: delay }, 'consumer not running');
        await sleep(delay, abort.signal);
      } finally {
        if (pull) pulls.delete(pull);
      }
    }
  }

  return {
    name: `consumer:${durable}`,
    durable,
    start() {
      loops = filters.map((filter) => runFilter(filter));
      pruneTimer = setInterval(() => {
        inboxStore
          .prune(ctx.db, durable, STREAM_MAX_AGE_MS + 24 * HOUR)
          .catch((err: unknown) => logger.warn({ err }, 'inbox prune failed'));
      }, HOUR);
      pruneTimer.unref();
    },
    async stop() {
      abort.abort();
      if (pruneTimer) clearInterval(pruneTimer);
      for (const pull of pulls) pull.stop();
      await Promise.all(loops);
      startBatches();
      // Drain: let running handlers commit and ack before the connection closes (a finishing
      // batch may start no other: the queue was handed back above).
      while (running > 0) await new Promise<void>((resolve) => (drained = resolve));
    },
  };
}
