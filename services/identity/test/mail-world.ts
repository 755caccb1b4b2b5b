import { gatewayService } from '@trustcircle/gateway';
import { identityService } from '@trustcircle/identity';
import { createDb, type Knex } from '@trustcircle/service-kit';
import { startMailServer, startStack, type MailServer, type TestStack } from '@trustcircle/testing';

/** What identity's mail tests run against; filled in by `useMailWorld`'s beforeAll. */
export interface MailWorld {
  /** The gateway and identity on a fresh database. */
  stack: TestStack;
  /** The SMTP server identity mails through: `nextMail` waits for a recipient's next mail. */
  smtp: MailServer;
  /** Schema identity as its owner, to age a token or read what the API does not show. */
  identityDb: Knex;
}

export const PASSWORD = 'correct horse battery';

/**
 * Starts the world for this test file (beforeAll) and stops it (afterAll). Identity mails links
 * to https://trustcircle.test; `gatewayEnv` adds the gateway's settings (a lower login limit…).
 */
export function useMailWorld(gatewayEnv: Record<string, string> = {}): MailWorld {
  const world = {} as MailWorld;
  beforeAll(async () => {
    world.smtp = await startMailServer();
    world.stack = await startStack({
      gateway: gatewayService,
      services: [identityService],
      env: {
        identity: { SMTP_URL: world.smtp.url, PUBLIC_URL: 'https://trustcircle.test' },
        gateway: gatewayEnv,
      },
    });
    world.identityDb = createDb({ url: world.stack.db.adminUrl, schema: 'identity', poolMax: 2 });
  });
  afterAll(async () => {
    await world.identityDb?.destroy();
    await world.stack?.stop();
    await world.smtp?.close();
  });
  return world;
}

let seq = 0;

/** A sign-up form whose username and address no other test uses (`prefix_<unique>`). */
export function signUpForm(prefix: string, overrides: Record<string, string> = {}) {
  seq += 1;
  const tag = `${prefix}_${Date.now().toString(36)}${seq}`;
  return {
    username: tag,
    email: `${tag}@example.com`,
    name: `Mail Tester ${seq}`,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    ...overrides,
  };
}

/** Registers through the gateway; the client holds the new session. */
export async function signUp(world: MailWorld, form: ReturnType<typeof signUpForm>) {
  const client = world.stack.client();
  const res = await client.post('/api/register', form);
  expect(res.status).toBe(201);
  return {
    client,
    fields: form,
    user: res.body as { id: number; username: string; email: string },
  };
}
