/**
 * Group reads at scale: 1,000 groups and 100,000 memberships (10,000 users in 10 groups each),
 * generated with SQL straight into the tables. identity, communities and the gateway run as
 * child processes from their builds (so the load generator does not share their event loop),
 * on loopback, in a throwaway database and under a unique stream prefix.
 * autocannon drives `GET /api/groups` (first page of 50) and `GET /api/groups/user` (a user
 * in 10 groups) through the gateway with a session cookie, and straight at the service with
 * a gateway-minted JWT.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import {
  dropDatabase,
  dropRoles,
  ensureDatabase,
  generateSigningKey,
  JWT_AUDIENCE,
  JWT_ISSUER,
  provisionServiceRole,
  urlWithCredentials,
  urlWithDatabase,
} from '@trustcircle/service-kit';
import autocannon from 'autocannon';
import jwt from 'jsonwebtoken';
import { connect } from 'nats';
import pg from 'pg';
import type { ScenarioResult } from '../types.ts';

const ADMIN_URL =
  process.env.BENCH_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const SECONDS = Number(process.env.BENCH_GROUPS_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_GROUPS_CONNECTIONS ?? 20);
const ROOT = join(import.meta.dirname, '..', '..');
const PORTS = { identity: 14701, communities: 14702, gateway: 14780 };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitReady(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url} exited with ${child.exitCode}`);
    const ok = await fetch(`${url}/readyz`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return;
    await sleep(100);
  }
  throw new Error(`${url} not ready`);
}

async function load(name: string, url: string, headers: Record<string, string>) {
  const result = await autocannon({
    url,
    headers,
    connections: CONNECTIONS,
    duration: SECONDS,
  });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${name}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  }
  return {
    name,
    metrics: {
      'req/s': result.requests.average,
      'p50 ms': result.latency.p50,
      'p99 ms': result.latency.p99,
      'max ms': result.latency.max,
    },
    target: 'p99 < 100 ms',
    pass: result.latency.p99 < 100,
  } satisfies ScenarioResult;
}

export async function run(): Promise<ScenarioResult[]> {
  const tag = randomBytes(4).toString('hex');
  const database = `tc_bench_${tag}`;
  const prefix = `bench${tag}`;
  await ensureDatabase(ADMIN_URL, database);
  const adminUrl = urlWithDatabase(ADMIN_URL, database);
  const roles: string[] = [];
  const urls: Record<string, string> = {};
  for (const service of ['identity', 'communities', 'gateway']) {
    const role = `${database}_${service}`;
    const password = randomBytes(12).toString('hex');
    await provisionServiceRole(adminUrl, { role, password, schema: service });
    roles.push(role);
    urls[service] = urlWithCredentials(adminUrl, role, password);
  }
  const { signingKey, jwks } = generateSigningKey();
  const common = {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    NATS_URL,
    EVENTS_PREFIX: prefix,
    JWT_JWKS: JSON.stringify(jwks),
  };
  const children: ChildProcess[] = [];
  const start = (service: keyof typeof PORTS, main: string, env: Record<string, string>) => {
    const child = spawn(process.execPath, [join(ROOT, main)], {
      env: { ...common, PORT: String(PORTS[service]), DATABASE_URL: urls[service]!, ...env },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    children.push(child);
    return waitReady(`http://127.0.0.1:${PORTS[service]}`, child);
  };
  const admin = new pg.Client({ connectionString: adminUrl });

  try {
    await Promise.all([
      start('identity', 'services/identity/dist/src/main.js', {}),
      start('communities', 'services/communities/dist/src/main.js', {}),
    ]);
    await start('gateway', 'gateway/dist/src/main.js', {
      JWT_PRIVATE_KEY: signingKey.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
      JWT_KID: signingKey.kid,
      IDENTITY_URL: `http://127.0.0.1:${PORTS.identity}`,
      COMMUNITIES_URL: `http://127.0.0.1:${PORTS.communities}`,
    });
    const gateway = `http://127.0.0.1:${PORTS.gateway}`;
    const service = `http://127.0.0.1:${PORTS.communities}`;

    // The bench user (identity id 1) is, like every generated user, in 10 groups.
    const registered = await fetch(`${gateway}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        username: 'bench_user',
        email: 'bench_user@example.com',
        name: 'Bench User',
        password: 'password123',
      }),
    });
    if (registered.status !== 201) throw new Error(`register: ${registered.status}`);
    const cookie = registered.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    const userId = ((await registered.json()) as { id: number }).id;

    await admin.connect();
    const generated = Date.now();
    await admin.query(`
      insert into communities.users (id, username, name, version)
        select u, 'user' || u, 'User ' || u, 1 from generate_series(1, 10000) u
        on conflict do nothing;
      insert into communities.groups (name, description, icon, color, creator_id, created_at)
        select 'Group ' || g, 'Generated group number ' || g || ' for the bench.', 'users',
               '#009688', 1 + (g * 7) % 10000, now() - make_interval(mins => 1000 - g)
          from generate_series(1, 1000) g;
      insert into communities.group_members (group_id, user_id)
        select ((i / 10) % 100) + (i % 10) * 100 + 1, i / 10 + 1
          from generate_series(0, 99999) i
        on conflict do nothing;
      update communities.groups g set member_count = m.n
        from (select group_id, count(*)::int as n from communities.group_members group by group_id) m
       where m.group_id = g.id;
      update communities.groups set review_count = (id * 13) % 200;
      analyze communities.groups;
      analyze communities.group_members;
    `);
    const counts = await admin.query(
      `select (select count(*)::int from communities.groups) as groups,
              (select count(*)::int from communities.group_members) as members,
              (select count(*)::int from communities.group_members where user_id = $1) as mine`,
      [userId],
    );
    console.log(
      `  data: ${JSON.stringify(counts.rows[0])} in ${((Date.now() - generated) / 1000).toFixed(1)} s`,
    );

    const token = jwt.sign({ scope: 'user' }, signingKey.privateKey, {
      algorithm: 'ES256',
      issuer: JWT_ISSUER,
      audience: JWT_AUDIENCE,
      subject: String(userId),
      expiresIn: 300,
      keyid: signingKey.kid,
    });
    // Warm-up: pools, caches, JIT.
    await autocannon({ url: `${gateway}/api/groups/user`, headers: { cookie }, duration: 2 });

    return [
      await load('GET /api/groups (gateway)', `${gateway}/api/groups`, {}),
      await load('GET /api/groups/user (gateway)', `${gateway}/api/groups/user`, { cookie }),
      await load('GET /api/groups (service)', `${service}/api/groups`, {}),
      await load('GET /api/groups/user (service)', `${service}/api/groups/user`, {
        authorization: `Bearer ${token}`,
      }),
    ];
  } finally {
    await admin.end().catch(() => undefined);
    for (const child of children) child.kill('SIGTERM');
    await Promise.all(
      children.map((child) =>
        child.exitCode !== null ? undefined : new Promise((resolve) => child.once('exit', resolve)),
      ),
    );
    await deleteStreams(prefix).catch(() => undefined);
    await dropDatabase(ADMIN_URL, database);
    await dropRoles(ADMIN_URL, roles);
  }
}

async function deleteStreams(prefix: string): Promise<void> {
  const nc = await connect({ servers: NATS_URL });
  try {
    const jsm = await nc.jetstreamManager();
    for (const stream of await jsm.streams.list().next()) {
      if (stream.config.name.startsWith(`${prefix.toUpperCase()}_`)) {
        await jsm.streams.delete(stream.config.name);
      }
    }
  } finally {
    await nc.close();
  }
}
