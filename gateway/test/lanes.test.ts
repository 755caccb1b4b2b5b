import type { IncomingMessage } from 'node:http';
import { communitiesService } from '@trustcircle/communities';
import { gatewayService } from '@trustcircle/gateway';
import { identityService } from '@trustcircle/identity';
import { startStack, waitFor, type TestStack } from '@trustcircle/testing';
import { upstreamRoutes } from '../src/app';
import type { GatewayConfig } from '../src/config';
import { laneOf } from '../src/lanes';
import { signUp } from './support';

/**
 * Services' reads and writes skip Express's router in the gateway (the lanes, issue 20). Two
 * gateways on one backend, one with LANES=false, must answer every such request alike: status,
 * body and every header but the date and the request id.
 */
let stack: TestStack;
let laneless: string;

beforeAll(async () => {
  // Reviews is left out on purpose: its reads answer the proxy's 503.
  stack = await startStack({
    gateway: gatewayService,
    services: [identityService, communitiesService],
  });
  const replica = await stack.startReplica('gateway', { LANES: 'false' });
  expect((replica.ctx.config as GatewayConfig).LANES).toBe('false');
  laneless = replica.url;
}, 60_000);

afterAll(async () => {
  await stack?.stop();
});

interface Seen {
  status: number;
  headers: Record<string, string>;
  body: string;
}

async function send(
  base: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<Seen> {
  const res = await fetch(new URL(path, base), { method, headers, body });
  const seen = Object.fromEntries(res.headers);
  delete seen.date;
  delete seen['x-request-id'];
  return { status: res.status, headers: seen, body: await res.text() };
}

describe('the lanes', () => {
  it('answers every service read exactly as the router does', async () => {
    const member = stack.client();
    await signUp(member);
    const created = await member.post('/api/groups', {
      name: `Lane test ${Date.now()}`,
      description: 'A group for the read lane test',
    });
    expect(created.status).toBe(201);
    const cookie = [...member.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    // The creator's name reaches communities by event after the sign-up: compare the two
    // paths once it is there, not a list read before it against one read after.
    const groupId = (created.body as { id: number }).id;
    await waitFor(
      async () => {
        const list = (await member.get('/api/groups')).body as { id: number; creator?: unknown }[];
        return Boolean(list.find((group) => group.id === groupId)?.creator);
      },
      { what: "the creator's name in the group list" },
    );

    const cases: [string, string, Record<string, string>][] = [
      ['GET', '/api/groups', {}],
      ['GET', '/api/groups?limit=2', { cookie }],
      ['HEAD', '/api/groups', {}],
      ['GET', '/api/groups/user', { cookie }],
      ['GET', '/api/groups/user', {}],
      // A client's own Authorization is dropped (and the answer is not stored).
      ['GET', '/api/groups/user', { authorization: `Bearer ${stack.tokenFor(1)}` }],
      ['GET', `/api/groups/${(created.body as { id: number }).id}`, { cookie }],
      ['GET', '/api/groups/999999999', {}],
      ['GET', '/api/groups?limit=banana', {}],
      // canonicalUrl's 400, a front handler's error.
      ['GET', '/api/groups/%E0%A4%A', {}],
      ['GET', '/api/groups/%00', { cookie }],
      // The client's own request id, a compressed answer, a client that takes none.
      ['GET', '/api/groups', { 'x-request-id': 'client-chosen.1' }],
      ['GET', '/api/groups?limit=50', { 'accept-encoding': 'gzip' }],
      ['GET', '/api/groups?limit=50', { 'accept-encoding': 'identity' }],
      ['GET', '/api/groups', { 'accept-encoding': 'br', cookie }],
      // Sessions only the store can tell about (an unknown one), and a value no session has.
      ['GET', '/api/groups/user', { cookie: 'tc_session=unknown-session-id' }],
      ['GET', '/api/groups/user', { cookie: 'tc_session=j:1' }],
      ['GET', '/api/groups/user', { cookie: `tc_session=${'x'.repeat(200)}` }],
      // A client asking to revalidate, and one passing the kept answers by.
      ['GET', '/api/groups', { 'if-none-match': 'W/"nothing"' }],
      ['GET', '/api/groups', { 'cache-control': 'no-cache' }],
      // The owner is down: the proxy's 503 and its message.
      ['GET', '/api/reviews/feed', { cookie }],
      ['GET', '/api/businesses/1/reviews', {}],
      // The composed page, its owners down: catalog's 503, as the router's handler answers it.
      ['GET', '/api/businesses/1', { cookie }],
      ['HEAD', '/api/businesses/1', {}],
      ['GET', '/api/businesses/seven', {}],
    ];
    for (const [method, path, headers] of cases) {
      const viaLane = await send(stack.gatewayUrl, method, path, headers);
      const viaRouter = await send(laneless, method, path, headers);
      expect({ method, path, ...viaLane }).toEqual({ method, path, ...viaRouter });
      // Never a failure of the gateway's own (503: an owner that is down, on purpose here).
      expect({ method, path, failed: viaLane.status === 500 }).toEqual({
        method,
        path,
        failed: false,
      });
    }
    // A sane request id of the client's is answered back (and passed on), on either path.
    for (const base of [stack.gatewayUrl, laneless]) {
      const res = await fetch(new URL('/api/groups', base), {
        headers: { 'x-request-id': 'client-chosen.2' },
      });
      expect(res.headers.get('x-request-id')).toBe('client-chosen.2');
    }
    const answered = await send(stack.gatewayUrl, 'GET', '/api/groups/user', { cookie });
    expect(answered.status).toBe(200);
    expect(answered.headers['cache-control']).toBe('no-store');
    expect(answered.headers['content-security-policy']).toBeDefined();
  }, 30_000);

  it('is counted under the proxy route in the metrics', async () => {
    await fetch(new URL('/api/groups', stack.gatewayUrl));
    const opsUrl = stack.running.get('gateway')!.opsUrl;
    const metrics = await (await fetch(new URL('/metrics', opsUrl))).text();
    expect(metrics).toMatch(
      /http_requests_total\{[^}]*method="GET",route="proxy:communities",status="200"[^}]*\} [1-9]/,
    );
  });

  it('is taken only by requests the gateway passes straight to a service, and the composed page', () => {
    const routes = upstreamRoutes(stack.running.get('gateway')!.ctx.config as GatewayConfig);
    const lane = (method: string, url: string) =>
      laneOf({ method, url } as IncomingMessage, routes);
    const lanesOf = (method: string, urls: string[]) =>
      urls.map((url) => ({ url, lane: lane(method, url) }));
    const none = (urls: string[]) => urls.map((url) => ({ url, lane: undefined }));
    expect(lane('GET', '/api/groups/user')).toBe('proxy');
    expect(lane('HEAD', '/api/reviews/feed?limit=5')).toBe('proxy');
    expect(lane('GET', '/api/businesses/7/reviews')).toBe('proxy');
    expect(lane('GET', '/api/people?search=ann')).toBe('proxy');
    expect(lane('GET', '/api/businesses/7')).toBe('composed');
    expect(lane('GET', '/api/Businesses/7/?x=1')).toBe('composed');
    expect(lane('HEAD', '/api/businesses/7')).toBe('composed');
    // An id the composed page does not take: the router would pass it to catalog's proxy too.
    expect(lane('GET', '/api/businesses/seven')).toBe('proxy');
    expect(lane('GET', '/api/businesses/12345678901')).toBe('proxy');
    // The gateway's own routes: the account and its sessions, the suggestions, the API
    // document; the live stream; a page.
    const ownReads = [
      '/api/user',
      '/api/user/sessions',
      '/api/USER/export',
      '/api/search/suggest?q=ca',
      '/api/openapi.json',
      '/api/notifications/stream',
      '/api',
      '/explore',
    ];
    expect(lanesOf('GET', ownReads)).toEqual(none(ownReads));
    expect(lane('POST', '/api/groups')).toBe('proxy');
    expect(lane('DELETE', '/api/groups/7')).toBe('proxy');
    expect(lane('POST', '/api/reviews/7/helpful')).toBe('proxy');
    // A write to a business is catalog's, not the composed page's.
    expect(lane('PATCH', '/api/businesses/7')).toBe('proxy');
    // Writes the gateway answers itself, and methods no lane takes.
    const ownWrites = [
      '/api/login',
      '/api/Logout/',
      '/api/register',
      '/api/user',
      '/api/user/sessions/end-others',
      '/api/password/forgot',
      '/api/email/confirm',
      '/api/email/change/confirm',
    ];
    expect(lanesOf('POST', ownWrites)).toEqual(none(ownWrites));
    expect(lane('DELETE', '/api/user')).toBeUndefined();
    expect(lane('OPTIONS', '/api/groups')).toBeUndefined();
    expect(lane('TRACE', '/api/groups')).toBeUndefined();
  });

  it('answers every service write exactly as the router does, and spends on the write limits', async () => {
    const member = stack.client();
    const userId = (await signUp(member)).user.id;
    const cookie = [...member.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const created = await member.post('/api/groups', {
      name: `Lane writes ${Date.now()}`,
      description: 'A group for the write lane test',
    });
    expect(created.status).toBe(201);
    const groupId = (created.body as { id: number }).id;
    const json = { cookie, 'content-type': 'application/json' };
    const cases: [string, string, Record<string, string>, string?][] = [
      // The service's own answers: a body it refuses, an unknown group, a join it already has.
      ['POST', '/api/groups', json, '{}'],
      ['POST', '/api/groups', json, '{not json'],
      ['DELETE', '/api/groups/999999999', { cookie }],
      ['POST', `/api/groups/${groupId}/join`, { cookie }],
      ['POST', '/api/groups', { 'content-type': 'application/json' }, '{}'],
      // The edge's: cross-site, not JSON, too large.
      ['POST', '/api/groups', { ...json, 'sec-fetch-site': 'cross-site' }, '{}'],
      ['POST', '/api/groups', { cookie, 'content-type': 'text/plain' }, 'hello'],
      ['POST', '/api/groups', json, JSON.stringify({ name: 'x'.repeat(2_000_000) })],
      // The owner is down: the proxy's 503 and its message.
      ['POST', '/api/reviews/1/helpful', { cookie }],
      // The gateway's own write, through the router either way.
      ['POST', '/api/login', { 'content-type': 'application/json' }, '{}'],
    ];
    const db = stack.running.get('gateway')!.ctx.db;
    const spent = async () =>
      Number(
        (await db('rate_limits').where('key', 'like', `w:%:a:${userId}`).sum({ n: 'points' }))[0]!
          .n ?? 0,
      );
    const passOf = async (base: string) => {
      const before = await spent();
      const answers: Seen[] = [];
      for (const [method, path, headers, body] of cases) {
        answers.push(await send(base, method, path, headers, body));
      }
      return { answers, spent: (await spent()) - before };
    };
    const viaLane = await passOf(stack.gatewayUrl);
    const viaRouter = await passOf(laneless);
    for (const [i, [method, path]] of cases.entries()) {
      expect({ method, path, ...viaLane.answers[i] }).toEqual({
        method,
        path,
        ...viaRouter.answers[i],
      });
    }
    // The signed-in writes that passed the edge spent on the account's budget, alike both ways.
    expect(viaLane.spent).toBeGreaterThan(0);
    expect(viaLane.spent).toBe(viaRouter.spent);
  }, 30_000);
});
