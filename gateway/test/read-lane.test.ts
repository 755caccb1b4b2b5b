import type { IncomingMessage } from 'node:http';
import { communitiesService } from '@trustcircle/communities';
import { gatewayService } from '@trustcircle/gateway';
import { identityService } from '@trustcircle/identity';
import { startStack, type TestStack } from '@trustcircle/testing';
import { upstreamRoutes } from '../src/app';
import type { GatewayConfig } from '../src/config';
import { readLaneOf } from '../src/read-lane';
import { signUp } from './support';

/**
 * Services' reads skip Express's router in the gateway (the read lane, issue 20). Two gateways
 * on one backend, one with READ_LANE=false, must answer every such read alike: status, body
 * and every header but the date and the request id.
 */
let stack: TestStack;
let laneless: string;

beforeAll(async () => {
  // Reviews is left out on purpose: its reads answer the proxy's 503.
  stack = await startStack({
    gateway: gatewayService,
    services: [identityService, communitiesService],
  });
  const replica = await stack.startReplica('gateway', { READ_LANE: 'false' });
  expect((replica.ctx.config as GatewayConfig).READ_LANE).toBe('false');
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

async function read(
  base: string,
  method: string,
  path: string,
  headers: Record<string, string>,
): Promise<Seen> {
  const res = await fetch(new URL(path, base), { method, headers });
  const seen = Object.fromEntries(res.headers);
  delete seen.date;
  delete seen['x-request-id'];
  return { status: res.status, headers: seen, body: await res.text() };
}

describe('the read lane', () => {
  it('answers every service read exactly as the router does', async () => {
    const member = stack.client();
    await signUp(member);
    const created = await member.post('/api/groups', {
      name: `Lane test ${Date.now()}`,
      description: 'A group for the read lane test',
    });
    expect(created.status).toBe(201);
    const cookie = [...member.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

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
      // The owner is down: the proxy's 503 and its message.
      ['GET', '/api/reviews/feed', { cookie }],
      ['GET', '/api/businesses/1/reviews', {}],
      // The composed page, its owners down: catalog's 503, as the router's handler answers it.
      ['GET', '/api/businesses/1', { cookie }],
      ['HEAD', '/api/businesses/1', {}],
      ['GET', '/api/businesses/seven', {}],
    ];
    for (const [method, path, headers] of cases) {
      const viaLane = await read(stack.gatewayUrl, method, path, headers);
      const viaRouter = await read(laneless, method, path, headers);
      expect({ method, path, ...viaLane }).toEqual({ method, path, ...viaRouter });
    }
    const answered = await read(stack.gatewayUrl, 'GET', '/api/groups/user', { cookie });
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

  it('is taken only by reads the gateway passes straight to a service or composes', () => {
    const routes = upstreamRoutes(stack.running.get('gateway')!.ctx.config as GatewayConfig);
    const lane = (method: string, url: string) =>
      readLaneOf({ method, url } as IncomingMessage, routes);
    expect(lane('GET', '/api/groups/user')).toBe('proxy');
    expect(lane('HEAD', '/api/reviews/feed?limit=5')).toBe('proxy');
    expect(lane('GET', '/api/businesses/7/reviews')).toBe('proxy');
    expect(lane('GET', '/api/people?search=ann')).toBe('proxy');
    expect(lane('GET', '/api/businesses/7')).toBe('composed');
    expect(lane('GET', '/api/Businesses/7/?x=1')).toBe('composed');
    expect(lane('HEAD', '/api/businesses/7')).toBe('composed');
    // The gateway's own routes: the account and its sessions, the suggestions, the API
    // document; a business id the catalog answers 404 for; writes; the live stream; a page.
    for (const url of [
      '/api/user',
      '/api/user/sessions',
      '/api/USER/export',
      '/api/businesses/seven',
      '/api/businesses/12345678901',
      '/api/search/suggest?q=ca',
      '/api/openapi.json',
      '/api/notifications/stream',
      '/api',
      '/explore',
    ]) {
      expect({ url, lane: lane('GET', url) }).toEqual({ url, lane: undefined });
    }
    expect(lane('POST', '/api/groups')).toBeUndefined();
    expect(lane('DELETE', '/api/groups/7')).toBeUndefined();
    expect(lane('PATCH', '/api/businesses/7')).toBeUndefined();
  });
});
