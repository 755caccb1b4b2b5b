import { Agent, request } from 'node:http';
import { createTestDatabase, type TestDatabase } from '@trustcircle/testing';
import {
  BaseServiceEnvSchema,
  createHttpApp,
  createLogger,
  startService,
  type RunningService,
  type ServiceDefinition,
} from '../src';

/** A real service: one fast route and one that answers when the test says so. */
function definition(
  release: Promise<void>,
): ServiceDefinition<typeof BaseServiceEnvSchema._output> {
  return {
    name: 'drill',
    envSchema: BaseServiceEnvSchema,
    migrations: [],
    usesNats: false,
    verifiesTokens: false,
    defaultPort: 0,
    createApp: (ctx) => ({
      app: createHttpApp({
        logger: createLogger('drill', 'silent'),
        registry: ctx.registry,
        routes(app) {
          app.get('/fast', (_req, res) => {
            res.json({ ok: true });
          });
          app.get('/slow', async (_req, res) => {
            await release;
            res.json({ slow: true });
          });
        },
      }),
    }),
  };
}

interface Answer {
  status: number;
  connection: string | undefined;
  body: string;
}

/** Plain node:http, to see the `Connection` header and reuse keep-alive sockets. */
function get(url: string, agent?: Agent): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

let db: TestDatabase;
const running: RunningService[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
});

afterAll(async () => {
  for (const service of running) await service.stop();
  await db.drop();
});

async function start(env: Record<string, string>, release = Promise.resolve()) {
  const service = await startService(definition(release), {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PORT: '0',
    DATABASE_URL: await db.provision('drill'),
    ...env,
  });
  running.push(service);
  return service;
}

describe('graceful shutdown', () => {
  it('fails readiness, keeps serving through the drain, then exits as soon as it is idle', async () => {
    let releaseSlow!: () => void;
    const service = await start(
      { SHUTDOWN_DRAIN_MS: '800', SHUTDOWN_GRACE_MS: '20000' },
      new Promise<void>((resolve) => (releaseSlow = resolve)),
    );
    const keepAlive = new Agent({ keepAlive: true, maxSockets: 1 });
    expect((await get(`${service.url}/readyz`, keepAlive)).status).toBe(200);
    const slow = get(`${service.url}/slow`);
    await new Promise((resolve) => setTimeout(resolve, 50));

    const began = Date.now();
    const stopped = service.stop().then(() => Date.now() - began);

    // Draining: not ready, but a new request and the in-flight one are still answered.
    const ready = await get(`${service.url}/readyz`);
    expect(ready.status).toBe(503);
    expect(JSON.parse(ready.body)).toEqual({ status: 'shutting down' });
    const fast = await get(`${service.url}/fast`, keepAlive);
    expect(fast.status).toBe(200);
    expect(fast.connection).toBe('keep-alive');

    // After the drain the in-flight answer still arrives, telling its client to close.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    releaseSlow();
    const slowAnswer = await slow;
    expect(slowAnswer).toMatchObject({ status: 200, connection: 'close' });
    expect(JSON.parse(slowAnswer.body)).toEqual({ slow: true });

    // Idle (the kept-alive socket included): out at once, nowhere near the 20 s grace.
    expect(await stopped).toBeLessThan(2500);
    expect(service.server.listening).toBe(false);
    keepAlive.destroy();
  });

  it('with no drain configured outside production, stops at once', async () => {
    const service = await start({ SHUTDOWN_GRACE_MS: '20000' });
    const keepAlive = new Agent({ keepAlive: true });
    expect((await get(`${service.url}/fast`, keepAlive)).status).toBe(200);
    const began = Date.now();
    await service.stop();
    expect(Date.now() - began).toBeLessThan(500);
    keepAlive.destroy();
  });
});

describe('operational endpoints', () => {
  it('are on the main port of an internal service without OPS_PORT', async () => {
    const service = await start({});
    expect(service.opsUrl).toBe(service.url);
    for (const path of ['/livez', '/healthz', '/readyz', '/metrics']) {
      expect([path, (await get(`${service.url}${path}`)).status]).toEqual([path, 200]);
    }
  });

  it('move to OPS_PORT when it is set, and the main port answers them 404', async () => {
    const service = await start({ OPS_PORT: '0' });
    expect(service.opsUrl).not.toBe(service.url);
    for (const path of ['/livez', '/healthz', '/readyz', '/metrics']) {
      const main = await get(`${service.url}${path}`);
      expect([path, main.status, JSON.parse(main.body)]).toEqual([
        path,
        404,
        { message: 'Not found' },
      ]);
      expect([path, (await get(`${service.opsUrl}${path}`)).status]).toEqual([path, 200]);
    }
    expect((await get(`${service.opsUrl}/metrics`)).body).toContain('process_cpu_seconds_total');
    expect((await get(`${service.opsUrl}/fast`)).status).toBe(404);
    expect((await get(`${service.url}/fast`)).status).toBe(200);
  });
});
