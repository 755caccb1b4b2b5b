import net from 'node:net';
import { communitiesService } from '@trustcircle/communities';
import { gatewayService } from '@trustcircle/gateway';
import { identityService } from '@trustcircle/identity';
import { createDb, type Knex, type RunningService } from '@trustcircle/service-kit';
import {
  eventually,
  startStack,
  TEST_ADMIN_URL,
  TestClient,
  type TestResponse,
  type TestStack,
} from '@trustcircle/testing';
import { signUp } from '../gateway/test/support';

/**
 * Issue 16: losing Postgres is a retryable 503 (JSON + Retry-After), never a 500, and the
 * service recovers by itself once Postgres is back, without a restart. Postgres itself keeps
 * running (other people use it): connections are cut by `pg_terminate_backend`, or by closing
 * a TCP relay the service reaches Postgres through.
 */

/** A TCP relay to the machine's Postgres that can be shut (connections cut, port refused) and reopened. */
class PostgresRelay {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();
  port = 0;

  async open(): Promise<void> {
    const target = new URL(TEST_ADMIN_URL);
    const server = net.createServer((client) => {
      const upstream = net.connect(Number(target.port || 5432), target.hostname);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as net.AddressInfo).port;
    this.server = server;
  }

  async shut(): Promise<void> {
    const server = this.server;
    this.server = null;
    const closed = new Promise((resolve) => server?.close(resolve));
    for (const socket of this.sockets) socket.destroy();
    await closed;
  }

  /** `url` with its host and port replaced by the relay's. */
  route(url: string): string {
    const routed = new URL(url);
    routed.hostname = '127.0.0.1';
    routed.port = String(this.port);
    return routed.toString();
  }
}

let stack: TestStack;
let admin: Knex;
const relay = new PostgresRelay();

beforeAll(async () => {
  stack = await startStack({
    gateway: gatewayService,
    services: [identityService, communitiesService],
  });
  admin = createDb({ url: stack.db.adminUrl, schema: 'public', poolMax: 1 });
  await relay.open();
}, 60_000);

afterAll(async () => {
  await relay.shut();
  await admin?.destroy();
  await stack?.stop();
});

/** The design §5 answer to a lost database. */
function expectRetryable503(res: TestResponse) {
  expect({ status: res.status, body: res.body }).toEqual({
    status: 503,
    body: { message: expect.any(String) },
  });
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
}

/** Back to 200 within seconds, with no restart in between. */
async function expectRecovered(client: TestClient, path: string) {
  const back = await eventually(
    () => client.get(path),
    (res) => res.status === 200,
    {
      timeoutMs: 10_000,
    },
  );
  expect(back.status).toBe(200);
}

describe('database connection loss', () => {
  it('a service answers 503 + Retry-After while Postgres is unreachable, then 200 again by itself', async () => {
    const config = stack.running.get('communities')!.ctx.config;
    const replica: RunningService = await stack.startReplica('communities', {
      DATABASE_URL: relay.route(config.DATABASE_URL),
    });
    const client = new TestClient(replica.url);
    expect((await client.get('/api/groups')).status).toBe(200);

    await relay.shut();
    // Pooled connections cut mid-life, then new ones refused: both are "unavailable".
    for (let i = 0; i < 3; i++) expectRetryable503(await client.get('/api/groups'));

    await relay.open();
    await expectRecovered(client, '/api/groups');
  });

  it('the gateway answers a signed-in request 503 + Retry-After while its database is away', async () => {
    const signedIn = stack.client();
    await signUp(signedIn);
    const gatewayConfig = stack.running.get('gateway')!.ctx.config;
    const replica = await stack.startReplica('gateway', {
      DATABASE_URL: relay.route(gatewayConfig.DATABASE_URL),
      SESSION_CACHE_TTL_MS: '0',
    });
    const viaReplica = new TestClient(replica.url);
    viaReplica.cookies.set('tc_session', signedIn.cookies.get('tc_session')!);
    expect((await viaReplica.get('/api/user')).status).toBe(200);

    await relay.shut();
    expectRetryable503(await viaReplica.get('/api/user'));

    await relay.open();
    await expectRecovered(viaReplica, '/api/user');
  });

  it('recovers without a restart after its Postgres connections are terminated', async () => {
    const client = stack.client();
    expect((await client.get('/api/groups')).status).toBe(200);
    const terminated = await admin.raw<{ rows: unknown[] }>(
      `select pg_terminate_backend(pid) from pg_stat_activity
        where datname = ? and pid <> pg_backend_pid()`,
      [stack.db.name],
    );
    expect(terminated.rows.length).toBeGreaterThan(0);
    // Every answer meanwhile is a 200 or the retryable 503, never a 500.
    const answers: TestResponse[] = [];
    const back = await eventually(
      async () => {
        const res = await client.get('/api/groups');
        answers.push(res);
        return res;
      },
      (res) => res.status === 200,
      { timeoutMs: 10_000 },
    );
    expect(back.status).toBe(200);
    for (const res of answers.filter((answer) => answer.status !== 200)) expectRetryable503(res);
  });
});
