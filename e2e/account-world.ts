import { freePort, startMailServer, waitFor, type MailServer } from '@trustcircle/testing';
import type { Page } from 'playwright-core';
import { loginInBrowser, newUser, useWorld, type WorldOptions } from './support';

export type NewUser = ReturnType<typeof newUser>;

/** Client-side navigations: poll the address (waitForURL waits for a load that never comes). */
export async function untilPath(p: Page, path: string, timeoutMs = 5000) {
  await waitFor(() => new URL(p.url()).pathname === path, {
    timeoutMs,
    what: `${path} (at ${p.url()})`,
  });
}

/**
 * The world of the account tests (issue 19): identity mailing through a real SMTP server the
 * test reads, with links to the gateway's address, and `services` besides identity. Registers
 * the file's jest hooks.
 */
export function accountWorld(services: WorldOptions['services'] = []) {
  let mail: MailServer;
  // identity writes the links with PUBLIC_URL: the gateway's address, known before it starts.
  let port: number;
  beforeAll(async () => {
    mail = await startMailServer();
    port = await freePort();
  });
  const started = useWorld(() => ({
    services,
    env: {
      identity: { SMTP_URL: mail.url, PUBLIC_URL: `http://127.0.0.1:${port}` },
      gateway: { PORT: String(port) },
    },
  }));
  const { pages } = started;
  // Registered after the world's hooks: the mail server stops once the stack has.
  afterAll(async () => {
    await mail?.close();
  });

  /** The link of `path` in the next mail to `email` that has one. */
  async function mailedLink(email: string, path: string): Promise<string> {
    const hasLink = (links: string[]) => links.some((l) => new URL(l).pathname === path);
    const message = await mail.nextMail(email, { match: (m) => hasLink(m.links) });
    return message.links.find((l) => new URL(l).pathname === path)!;
  }

  return {
    get world() {
      return started.world;
    },
    get mail() {
      return mail;
    },
    pages,
    mailedLink,

    /** A member registered through the API (the browsers a test opens are signed out). */
    async registered(): Promise<NewUser> {
      const user = newUser();
      const client = started.world.stack.client();
      const res = await client.post('/api/register', user);
      if (res.status !== 201) throw new Error(`register: ${res.status} ${res.text}`);
      // Registering signed the API client in: only the browsers a test opens are to be listed.
      await client.post('/api/logout');
      return user;
    },

    /** A browser context of its own, signed in through the sign-in form. */
    async signedIn(user: NewUser, width = 1280, password = user.password): Promise<Page> {
      const p = await pages.open({ width });
      await p.goto('/auth');
      await loginInBrowser(p, user.username, password);
      await untilPath(p, '/dashboard');
      return p;
    },

    /** Opening /settings: the sessions list, or the sign-in page once the session has ended. */
    async settingsOrSignIn(p: Page): Promise<'settings' | 'auth'> {
      await p.goto('/settings');
      let seen: 'settings' | 'auth' | undefined;
      await waitFor(
        async () => {
          if (new URL(p.url()).pathname === '/auth') seen = 'auth';
          else if (await p.getByRole('list', { name: 'Active sessions' }).isVisible())
            seen = 'settings';
          return seen !== undefined;
        },
        { timeoutMs: 5000, what: `settings or sign-in (at ${p.url()})` },
      );
      return seen!;
    },
  };
}
