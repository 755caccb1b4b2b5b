import { gatewayService } from '@trustcircle/gateway';
import { identityService } from '@trustcircle/identity';
import { createDb, type AuthContext, type JwtVerifier, type Knex } from '@trustcircle/service-kit';
import { eventually, startStack, type TestClient, type TestStack } from '@trustcircle/testing';
import { spawnSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { applyGrant, parseGrantArgs } from '../src/operator/grant';

/**
 * A stand-in service behind the gateway (as catalog): answers what the JWT it received says,
 * checked with the same verifier every service uses.
 */
let verifier: JwtVerifier | null = null;
const echo: Server = createServer((req, res) => {
  const header = req.headers.authorization;
  let auth: AuthContext | null = null;
  if (header?.startsWith('Bearer ')) auth = verifier!.verify(header.slice(7));
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ auth }));
});

let stack: TestStack;
let identityDb: Knex;
let gatewayDb: Knex;
let serial = 0;

beforeAll(async () => {
  await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
  stack = await startStack({
    gateway: gatewayService,
    services: [identityService],
    env: {
      gateway: {
        CATALOG_URL: `http://127.0.0.1:${(echo.address() as AddressInfo).port}`,
        // Only the NOTIFY can evict a cached session within this test's time.
        SESSION_CACHE_TTL_MS: '600000',
      },
    },
  });
  verifier = stack.running.get('identity')!.ctx.verifier;
  identityDb = createDb({ url: stack.db.adminUrl, schema: 'identity', poolMax: 2 });
  gatewayDb = createDb({ url: stack.db.adminUrl, schema: 'gateway', poolMax: 2 });
});

afterAll(async () => {
  await identityDb?.destroy();
  await gatewayDb?.destroy();
  await stack?.stop();
  await new Promise((resolve) => echo.close(resolve));
});

async function signedUp(extra: Record<string, unknown> = {}) {
  serial += 1;
  const username = `role_${serial}_${Date.now().toString(36)}`;
  const client = stack.client();
  const res = await client.post('/api/register', {
    username,
    email: `${username}@example.com`,
    name: 'Role Person',
    password: 'correct horse battery',
    ...extra,
  });
  expect(res.status).toBe(201);
  return { client, username, id: res.body.id as number };
}

/** What the service behind the gateway sees in the JWT of this client's next request. */
async function seenByService(client: TestClient, headers?: Record<string, string>) {
  const res = await client.get('/api/categories', headers);
  expect(res.status).toBe(200);
  return res.body.auth as AuthContext | null;
}

const grant = (args: string[], settleMs = 0) =>
  applyGrant({ identity: identityDb, gateway: gatewayDb }, parseGrantArgs(args), { settleMs });

describe('roles', () => {
  it('are member for everyone, in the user answer and the JWT', async () => {
    const { client, id } = await signedUp();
    expect((await client.get('/api/user')).body.roles).toEqual(['member']);
    expect(await seenByService(client)).toMatchObject({ userId: id, roles: ['member'] });
  });

  it('reach a live session at once when granted and revoked', async () => {
    const { client, username, id } = await signedUp();
    // Cached by the gateway (for ten minutes in this test) before the grant.
    expect((await seenByService(client))?.roles).toEqual(['member']);

    const outcome = await grant(['moderator', username]);
    expect(outcome).toMatchObject({ userId: id, roles: ['member', 'moderator'], sessions: 1 });
    const granted = await eventually(
      () => seenByService(client),
      (auth) => auth?.roles.includes('moderator') ?? false,
      { timeoutMs: 3000 },
    );
    expect(granted).toMatchObject({ userId: id, roles: ['member', 'moderator'] });
    expect((await client.get('/api/user')).body.roles).toEqual(['member', 'moderator']);

    await grant(['--revoke', 'moderator', username]);
    const revoked = await eventually(
      () => seenByService(client),
      (auth) => !auth?.roles.includes('moderator'),
      { timeoutMs: 3000 },
    );
    expect(revoked).toMatchObject({ userId: id, roles: ['member'] });
    expect((await client.get('/api/user')).body.roles).toEqual(['member']);
  });

  it('come from identity at sign-in', async () => {
    const { username, id } = await signedUp();
    await grant(['moderator', username]);
    const browser = stack.client();
    const login = await browser.post('/api/login', { username, password: 'correct horse battery' });
    expect(login.status).toBe(200);
    expect(login.body.roles).toEqual(['member', 'moderator']);
    expect(await seenByService(browser)).toMatchObject({
      userId: id,
      roles: ['member', 'moderator'],
    });
  });

  it('also fix a session a sign-in stored with the old roles during the grant', async () => {
    const { client, username, id } = await signedUp();
    const done = grant(['moderator', username], 800);
    await eventually(
      () => gatewayDb('sessions').where({ user_id: id }).first('roles'),
      (row) => row?.roles.includes('moderator'),
    );
    // As a sign-in would that asked identity just before the change.
    await gatewayDb('sessions')
      .where({ user_id: id })
      .update({ roles: ['member'] });
    expect((await done).roles).toEqual(['member', 'moderator']);
    const rows = await gatewayDb('sessions').where({ user_id: id }).select('roles');
    expect(rows).toEqual([{ roles: ['member', 'moderator'] }]);
    expect((await seenByService(client))?.roles).toEqual(['member', 'moderator']);
  });

  it('cannot be set through the public API', async () => {
    const { client } = await signedUp({ roles: ['member', 'moderator'] });
    expect((await client.get('/api/user')).body.roles).toEqual(['member']);
    for (const body of [
      { roles: ['member', 'moderator'] },
      { name: 'Sneaky', roles: ['moderator'] },
    ]) {
      expect((await client.patch('/api/user', body)).status).toBe(400);
    }
    expect((await client.get('/api/user')).body).toMatchObject({
      name: 'Role Person',
      roles: ['member'],
    });
  });

  it('drop a role forged by the client in the Authorization header', async () => {
    const { client, id } = await signedUp();
    // Even a correctly signed token (as if stolen from a moderator) is replaced by the session's.
    const forged = stack.tokenFor(id, ['moderator']);
    const headers = { authorization: `Bearer ${forged}` };
    expect(await seenByService(client, headers)).toMatchObject({ userId: id, roles: ['member'] });
    expect(await seenByService(stack.client(), headers)).toBeNull();
    const other = await signedUp();
    const asOther = { authorization: `Bearer ${stack.tokenFor(other.id, ['moderator'])}` };
    expect(await seenByService(client, asOther)).toMatchObject({ userId: id, roles: ['member'] });
  });

  it('are granted by the built operator command, as `npm run grant` runs it', async () => {
    const { client, username } = await signedUp();
    // Built by `npm test`'s pretest, as by npm start and the identity image.
    const cli = path.resolve(__dirname, '../dist/src/operator/grant-cli.js');
    const run = spawnSync(process.execPath, [cli, 'moderator', username], {
      env: { ...process.env, DATABASE_URL: stack.db.adminUrl },
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(
      new RegExp(
        `^grant: granted moderator to ${username} \\(user \\d+\\): roles member, moderator; 1 live session\\(s\\) updated\n$`,
      ),
    );
    expect(run.status).toBe(0);
    expect((await seenByService(client))?.roles).toEqual(['member', 'moderator']);
  });

  it('change only by name and known role', async () => {
    await expect(grant(['moderator', 'nobody_here'])).rejects.toThrow(
      'no account named "nobody_here"',
    );
    expect(() => parseGrantArgs(['moderator'])).toThrow(/usage: npm run grant/);
    expect(() => parseGrantArgs(['--revoke', 'member', 'alice'])).toThrow(
      /every account is a member/,
    );
    expect(parseGrantArgs(['--revoke', 'moderator', 'alice'])).toEqual({
      action: 'revoke',
      role: 'moderator',
      username: 'alice',
    });
  });
});
