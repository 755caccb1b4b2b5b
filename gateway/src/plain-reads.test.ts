import http, { type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHttpApp, createLogger, createMetricsRegistry } from '@trustcircle/service-kit';
import helmet from 'helmet';
import { laneRouteOf } from './lanes';
import { plainReads } from './plain-reads';
import { prefix, type ProxiedCall, type Proxies, type UpstreamRoute } from './proxy';
import { hashSessionId, SessionService } from './sessions/session-service';
import type { SessionsStore } from './store/sessions-store';

/**
 * Which reads skip Express (plain-reads.ts) and what they pass on: gateway/test/lanes.test.ts
 * compares the answers of both paths; this checks the plain one is the one taken, and only for
 * what it may answer alone.
 */
const KNOWN = 'known-session-id';
const store = {
  findValid: (idHash: string) =>
    Promise.resolve(
      idHash === hashSessionId(KNOWN)
        ? {
            userId: 7,
            roles: ['member' as const],
            expiresAt: new Date(Date.now() + 60_000),
            lastSeenAt: new Date(),
          }
        : null,
    ),
  touch: () => Promise.resolve(),
} as unknown as SessionsStore;

const routes: UpstreamRoute[] = [
  { service: 'communities', label: 'Groups', target: 'http://x', matches: prefix('/api/groups') },
  {
    service: 'social',
    label: 'Notifications',
    target: 'http://x',
    streaming: true,
    matches: prefix('/api/notifications/stream'),
  },
];

interface Passed {
  path: string;
  call: ProxiedCall;
  headers: IncomingHttpHeaders;
}

let server: Server;
let base: string;
const passed: Passed[] = [];
const sessions = new SessionService(store, {
  idleTtlMs: 60_000,
  absoluteTtlMs: 60_000,
  cacheTtlMs: 60_000,
});

beforeAll(async () => {
  const app = createHttpApp({
    logger: createLogger('plain-reads-test', 'silent'),
    registry: createMetricsRegistry('plain-reads-test'),
    routes: () => undefined,
  });
  const proxies: Proxies = {
    handler: (_req, _res, next) => next(),
    pass(route, req, res, call) {
      passed.push({ path: req.url!, call, headers: { ...req.headers } });
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end(`passed to ${route.service}`);
    },
  };
  const plain = plainReads({
    app,
    proxies,
    sessions,
    cookieName: 'tc_session',
    securityHeaders: helmet(),
    droppedHeaders: ['x-review-written-at'],
    logger: createLogger('plain-reads-test', 'silent'),
  });
  server = http.createServer((req, res) => {
    // As the gateway's listener: only the proxy lane's requests are offered.
    const lane = laneRouteOf(req, routes);
    if (lane?.lane === 'proxy' && plain(req, res, lane.route, lane.path)) return;
    // What the Express lane would have been given: nothing set on the answer yet.
    res.writeHead(299, { 'x-headers-before': String(res.getHeaderNames().length) });
    res.end('left to Express');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  passed.length = 0;
});

const get = (path: string, init: RequestInit = {}) => fetch(new URL(path, base), init);

describe('plain reads', () => {
  it("passes a visitor's read on with the edge's headers, its id and the public cache policy", async () => {
    const res = await get('/api/groups?limit=2', {
      headers: { authorization: 'Bearer forged', 'x-review-written-at': '2001-01-01' },
    });
    expect(await res.text()).toBe('passed to communities');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    const id = res.headers.get('x-request-id');
    expect(id).toMatch(/^[\w-]{36}$/);
    expect(passed).toHaveLength(1);
    const [{ path, call, headers }] = passed as [Passed];
    expect(path).toBe('/api/groups?limit=2');
    expect(call).toMatchObject({ session: undefined, requestId: id, keepable: undefined });
    expect(call.client.protocol).toBe('http');
    expect(headers.authorization).toBeUndefined();
    expect(headers['x-review-written-at']).toBeUndefined();
  });

  it("passes a member's read once the session is known, never to be stored", async () => {
    const cookie = `tc_session=${KNOWN}`;
    // Not yet in the cache: only the store can tell, so the Express lane waits for it.
    const first = await get('/api/groups/user', { headers: { cookie } });
    expect([first.status, first.headers.get('x-headers-before')]).toEqual([299, '0']);
    expect(await sessions.resolve(KNOWN)).toMatchObject({ userId: 7 });
    const res = await get('/api/groups/user', { headers: { cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(passed.map(({ call }) => call.session?.userId)).toEqual([7]);
  });

  it('leaves to Express what it may not answer alone, having set nothing', async () => {
    const left = [
      await get('/api/groups', { method: 'POST', body: '{}' }),
      await get('/api/groups', { method: 'OPTIONS' }),
      await get('/api/groups/%00'),
      await get('/api/groups/%E0%A4%A'),
      await get('/api/notifications/stream'),
      await get('/api/nobody'),
      await get('/api/groups', { headers: { cookie: 'tc_session=unknown' } }),
    ];
    expect(left.map((res) => [res.status, res.headers.get('x-headers-before')])).toEqual(
      left.map(() => [299, '0']),
    );
    expect(passed).toEqual([]);
  });

  it("answers as a visitor's read one whose cookie no session could have", async () => {
    for (const cookie of ['tc_session=; other=x', `tc_session=${'x'.repeat(101)}`, 'other=x']) {
      const res = await get('/api/groups', { headers: { cookie } });
      expect([cookie.slice(0, 20), res.status]).toEqual([cookie.slice(0, 20), 200]);
    }
    expect(passed.map(({ call }) => call.session)).toEqual([undefined, undefined, undefined]);
  });
});
