import {
  createTestDatabase,
  startMailServer,
  type MailServer,
  type TestDatabase,
} from '@trustcircle/testing';
import { Registry } from 'prom-client';
import {
  createDb,
  createLogger,
  createMailRelay,
  enqueueMail,
  mailQueueMigration,
  migrate,
  renderMail,
  smtpMailer,
  type Knex,
} from '../src';

let database: TestDatabase;
let db: Knex;
let url: string;
let smtp: MailServer;

beforeAll(async () => {
  database = await createTestDatabase();
  url = await database.provision('mailer');
  db = createDb({ url, schema: 'mailer', poolMax: 3 });
  await migrate(db, 'mailer', [mailQueueMigration]);
  smtp = await startMailServer();
});

afterAll(async () => {
  await db?.destroy();
  await smtp?.close();
  await database?.drop();
});

const logger = createLogger('mail-test', 'silent');
const content = (n: number) =>
  renderMail({
    subject: `Message ${n}`,
    greeting: 'Hi,',
    intro: ['Hello.'],
    action: { label: 'Open', url: `http://localhost:8080/x?token=${n}` },
  });

function relayFor(smtpUrl: string, pollIntervalMs?: number) {
  return createMailRelay({
    pollIntervalMs,
    db,
    schema: 'mailer',
    mailer: smtpMailer({
      url: smtpUrl,
      from: 'TrustCircle <no-reply@test.local>',
      timeoutMs: 2000,
    }),
    logger,
    registry: new Registry(),
    retryBaseMs: 50,
    retryMaxMs: 100,
  });
}

describe('mail queue', () => {
  it('sends a committed mail over SMTP with text and HTML, and never a rolled-back one', async () => {
    const relay = relayFor(smtp.url);
    relay.start();
    try {
      await expect(
        db.transaction(async (trx) => {
          await enqueueMail(trx, { to: 'gone@example.com', ...content(0) });
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      await db.transaction((trx) => enqueueMail(trx, { to: 'Ann@Example.com', ...content(1) }));

      const mail = await smtp.nextMail('ann@example.com');
      expect(mail.subject).toBe('Message 1');
      expect(mail.from).toBe('no-reply@test.local');
      expect(mail.links).toEqual(['http://localhost:8080/x?token=1']);
      expect(mail.html).toContain('#009688');
      await smtp.expectNoMail('gone@example.com', 500);
      expect(await db('mail_queue').count({ n: '*' }).first()).toEqual({ n: '0' });
    } finally {
      await relay.stop();
    }
  });

  it('keeps a mail while the SMTP server is unreachable and sends it once it is back', async () => {
    // A port nothing listens on: every attempt fails fast.
    const down = relayFor('smtp://127.0.0.1:9');
    await db.transaction((trx) => enqueueMail(trx, { to: 'later@example.com', ...content(2) }));
    expect(await down.sendOnce()).toBe(0);
    const [row] = await db('mail_queue').select('attempts');
    expect(row).toEqual({ attempts: 1 });
    await down.stop();

    const up = relayFor(smtp.url);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(await up.sendOnce()).toBe(1);
    expect((await smtp.nextMail('later@example.com')).subject).toBe('Message 2');
    await up.stop();
  });

  it('sends a mail as soon as this process commits it, without polling or notifying', async () => {
    const relay = relayFor(smtp.url, 600_000);
    relay.start();
    try {
      // Its first round, at start, finds the queue empty; the next is only ever woken.
      await new Promise((resolve) => setTimeout(resolve, 200));
      await db.transaction((trx) => enqueueMail(trx, { to: 'soon@example.com', ...content(3) }));
      expect((await smtp.nextMail('soon@example.com')).subject).toBe('Message 3');
    } finally {
      await relay.stop();
    }
  });
});
