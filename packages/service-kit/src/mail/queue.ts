import { Counter, type Registry } from 'prom-client';
import type { Knex, Migration } from '../db';
import { backoffDelay, sleep } from '../events/backoff';
import type { Logger } from '../logger';
import { onLocalWake, wakeAfterCommit } from '../local-wake';
import type { BackgroundWorker } from '../server';
import type { Mailer, OutgoingMail } from './mailer';

/**
 * Outgoing mail, written in the same transaction as the change that causes it (a reset token,
 * a new account): a mail is never sent for a change that rolled back, never lost when the SMTP
 * server is away, and the request that caused it never waits for SMTP. Rows hold a link with
 * a secret token until sent, so they are deleted once the server accepts them.
 */
export const mailQueueMigration: Migration = {
  name: 'mail_001_queue',
  async up(db: Knex) {
    await db.schema.createTable('mail_queue', (t) => {
      t.bigIncrements('id').primary();
      t.text('recipient').notNullable();
      t.text('subject').notNullable();
      t.text('text').notNullable();
      t.text('html').notNullable();
      t.integer('attempts').notNullable().defaultTo(0);
      t.timestamp('next_attempt_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
      t.index(['next_attempt_at']);
    });
  },
  async down(db: Knex) {
    await db.schema.dropTable('mail_queue');
  },
};

/** The mail relay's wake-up name is `mail_<schema>` (local-wake.ts). */
const MAIL = 'mail';

/** Queues a mail; this process's mail relay is woken once the transaction commits. */
export async function enqueueMail(trx: Knex.Transaction, mail: OutgoingMail): Promise<void> {
  await trx.raw(`insert into mail_queue (recipient, subject, text, html) values (?, ?, ?, ?)`, [
    mail.to,
    mail.subject,
    mail.text,
    mail.html,
  ]);
  wakeAfterCommit(trx, MAIL);
}

interface QueuedRow {
  id: string;
  recipient: string;
  subject: string;
  text: string;
  html: string;
  attempts: number;
}

export interface MailRelayOptions {
  db: Knex;
  /** Schema of the queue, for its wake-ups. */
  schema: string;
  mailer: Mailer;
  logger: Logger;
  registry: Registry;
  pollIntervalMs?: number;
  /** After this many failed attempts a mail is dropped (logged): its link has expired by then. */
  maxAttempts?: number;
  retryBaseMs?: number;
  retryMaxMs?: number;
}

export interface MailRelay extends BackgroundWorker {
  /** One round: sends what is due and answers how many were accepted. */
  sendOnce(): Promise<number>;
}

function mailCounter(registry: Registry): Counter<'outcome'> {
  const name = 'mail_sent_total';
  return (
    (registry.getSingleMetric(name) as Counter<'outcome'> | undefined) ??
    new Counter({
      name,
      help: 'Queued mails by outcome: sent, retry (SMTP failed), dropped (gave up)',
      labelNames: ['outcome'] as const,
      registers: [registry],
    })
  );
}

/**
 * Sends the queue. Rows are claimed with `for update skip locked`, so replicas share the work
 * and never send one mail twice while both run; a crash between the SMTP answer and the commit
 * sends that mail again (at least once).
 */
export function createMailRelay(options: MailRelayOptions): MailRelay {
  const {
    db,
    mailer,
    pollIntervalMs = 1000,
    maxAttempts = 8,
    retryBaseMs = 1000,
    retryMaxMs = 5 * 60_000,
  } = options;
  const logger = options.logger.child({ worker: 'mail-relay' });
  const sent = mailCounter(options.registry);
  const abort = new AbortController();
  let stopWaking: (() => void) | null = null;
  let loop: Promise<void> | null = null;
  let wake: (() => void) | null = null;
  // A wake-up while a round runs: the next round starts at once.
  let dirty = false;

  async function sendOnce(): Promise<number> {
    return db.transaction(async (trx) => {
      const rows: QueuedRow[] = await trx('mail_queue')
        .select('id', 'recipient', 'subject', 'text', 'html', 'attempts')
        .where('next_attempt_at', '<=', trx.fn.now())
        .orderBy('id')
        .limit(20)
        .forUpdate()
        .skipLocked();
      let accepted = 0;
      for (const row of rows) {
        try {
          await mailer.send({
            to: row.recipient,
            subject: row.subject,
            text: row.text,
            html: row.html,
          });
          await trx('mail_queue').where({ id: row.id }).delete();
          sent.inc({ outcome: 'sent' });
          accepted += 1;
        } catch (err) {
          const attempts = row.attempts + 1;
          if (attempts >= maxAttempts) {
            // The address is logged for the operator; the body (a secret link) never is.
            logger.error({ err, mailId: row.id, attempts }, 'mail dropped after repeated failures');
            await trx('mail_queue').where({ id: row.id }).delete();
            sent.inc({ outcome: 'dropped' });
            continue;
          }
          const delayMs = backoffDelay(attempts, { baseMs: retryBaseMs, maxMs: retryMaxMs });
          logger.warn({ err, mailId: row.id, attempts, delayMs }, 'mail not accepted; retrying');
          await trx('mail_queue')
            .where({ id: row.id })
            .update({
              attempts,
              next_attempt_at: trx.raw(`now() + (? * interval '1 millisecond')`, [delayMs]),
            });
          sent.inc({ outcome: 'retry' });
        }
      }
      return accepted;
    });
  }

  async function run() {
    while (!abort.signal.aborted) {
      dirty = false;
      try {
        await sendOnce();
      } catch (err) {
        logger.warn({ err }, 'mail round failed');
      }
      if (dirty) continue;
      await new Promise<void>((resolve) => {
        wake = resolve;
        void sleep(pollIntervalMs, abort.signal).then(resolve);
      });
      wake = null;
    }
  }

  return {
    name: 'mail-relay',
    sendOnce,
    start() {
      stopWaking = onLocalWake(`${MAIL}_${options.schema}`, () => {
        dirty = true;
        wake?.();
      });
      loop = run();
    },
    async stop() {
      abort.abort();
      wake?.();
      stopWaking?.();
      await loop;
      mailer.close();
    },
  };
}
