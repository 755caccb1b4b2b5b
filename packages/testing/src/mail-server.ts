import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A message as the SMTP server received it, parsed. */
export interface ReceivedMail {
  /** Envelope recipients, lower-cased. */
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  /** Every http(s) URL in the text part, in order. */
  links: string[];
}

export interface MailServer {
  /** `smtp://127.0.0.1:<port>`: give it to a service as SMTP_URL. */
  url: string;
  received: ReceivedMail[];
  /** Messages received so far for `address`. */
  mailsFor(address: string): ReceivedMail[];
  /**
   * The next message for `address` that `match` accepts, after the last one nextMail returned
   * for that address; waits for it to arrive.
   */
  nextMail(
    address: string,
    options?: { timeoutMs?: number; match?: (mail: ReceivedMail) => boolean },
  ): Promise<ReceivedMail>;
  /** Waits `ms` and fails if any message for `address` arrived meanwhile. */
  expectNoMail(address: string, ms?: number): Promise<void>;
  close(): Promise<void>;
}

const URLS = /https?:\/\/[^\s<>"]+/g;

/**
 * A real SMTP server in the test process (smtp-server, no auth, no TLS) that keeps every
 * message parsed, so tests read the mails a service really sent over SMTP.
 */
export async function startMailServer(): Promise<MailServer> {
  const received: ReceivedMail[] = [];
  const taken = new Map<string, number>();
  const waiters = new Set<() => void>();

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const text = parsed.text ?? '';
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            subject: parsed.subject ?? '',
            text,
            html: typeof parsed.html === 'string' ? parsed.html : '',
            links: text.match(URLS) ?? [],
          });
          for (const wake of waiters) wake();
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;

  const mailsFor = (address: string) =>
    received.filter((mail) => mail.to.includes(address.toLowerCase()));

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    mailsFor,
    async nextMail(address, { timeoutMs = 10_000, match = () => true } = {}) {
      const key = address.toLowerCase();
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mails = mailsFor(key);
        const start = taken.get(key) ?? 0;
        const index = mails.findIndex((mail, i) => i >= start && match(mail));
        if (index >= 0) {
          taken.set(key, index + 1);
          return mails[index]!;
        }
        const left = deadline - Date.now();
        if (left <= 0) {
          const subjects = mails.map((m) => m.subject).join(', ') || 'none';
          throw new Error(`no mail for ${address} within ${timeoutMs} ms (got: ${subjects})`);
        }
        await new Promise<void>((resolve) => {
          const timer = setTimeout(done, left);
          function done() {
            clearTimeout(timer);
            waiters.delete(done);
            resolve();
          }
          waiters.add(done);
        });
      }
    },
    async expectNoMail(address, ms = 1500) {
      const before = mailsFor(address).length;
      await new Promise((resolve) => setTimeout(resolve, ms));
      const after = mailsFor(address);
      if (after.length > before) {
        throw new Error(`unexpected mail for ${address}: ${after.at(-1)!.subject}`);
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The value of `param` in the first link of `mail` whose path is `path`. */
export function linkParam(mail: ReceivedMail, path: string, param = 'token'): string {
  for (const link of mail.links) {
    const url = new URL(link);
    if (url.pathname === path && url.searchParams.has(param)) return url.searchParams.get(param)!;
  }
  throw new Error(`no ${path}?${param}= link in "${mail.subject}": ${mail.links.join(' ')}`);
}
