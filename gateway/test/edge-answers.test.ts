import { communitiesService } from '@trustcircle/communities';
import { gatewayService } from '@trustcircle/gateway';
import { identityService } from '@trustcircle/identity';
import { reviewsService } from '@trustcircle/reviews';
import {
  startStack,
  type TestClient,
  type TestResponse,
  type TestStack,
} from '@trustcircle/testing';
import { get, type IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import sharp from 'sharp';
import { newUserForm, signUp } from './support';

/**
 * Issue 16, what the gateway answers at the edge. Malformed input is a JSON 4xx (each of these
 * was a 5xx or an empty 431). No shared cache may keep one person's answer. Every `/api` answer to a signed-in
 * request, and every personal path even without a session, carries `Cache-Control: no-store`;
 * a service's own explicit policy (a public photo) is kept.
 */
let stack: TestStack;
let member: TestClient;

beforeAll(async () => {
  stack = await startStack({
    gateway: gatewayService,
    services: [identityService, communitiesService, reviewsService],
  });
  member = stack.client();
  await signUp(member);
}, 60_000);

afterAll(async () => {
  await stack?.stop();
});

const PERSONAL = [
  '/api/user',
  '/api/groups/user',
  '/api/reviews/user',
  '/api/reviews/feed',
  '/api/moderation/queue',
  '/api/moderation/log',
];

describe('malformed input at the gateway', () => {
  const jsonError = (res: TestResponse) => ({
    status: res.status,
    type: res.headers.get('content-type')?.split(';')[0],
    body: res.body,
  });

  it('names the field holding a NUL byte on sign-up (was 503 "Sign-in is unavailable")', async () => {
    const res = await stack.client().post('/api/register', newUserForm({ name: 'Nul\u0000l' }));
    expect(jsonError(res)).toEqual({
      status: 400,
      type: 'application/json',
      body: {
        message: 'Text contains characters that are not allowed',
        issues: [{ path: 'name', message: expect.any(String) }],
      },
    });
  });

  it('refuses JSON nested 5,000 deep on sign-in (was 503)', async () => {
    const deep = `{"username":${'['.repeat(5000)}${']'.repeat(5000)},"password":"x"}`;
    const res = await stack.client().request('POST', '/api/login', {
      rawBody: deep,
      headers: { 'content-type': 'application/json' },
    });
    expect(jsonError(res)).toEqual({
      status: 400,
      type: 'application/json',
      body: { message: 'Request body is nested too deeply' },
    });
  });

  it.each([
    '/api/groups/%',
    '/api/businesses/%zz/similar',
    '/api/reviews/%C3%28',
    '/api/groups?cursor=%00',
  ])('answers %s with a JSON 400 (a broken escape in an id was a 500)', async (path) => {
    const res = await member.get(path);
    expect(jsonError(res)).toMatchObject({ status: 400, type: 'application/json' });
    expect(res.body).toEqual({ message: expect.any(String) });
  });

  it('answers a 20 KB address 414 and 20 KB of headers 431, both JSON (was an empty 431)', async () => {
    const longUrl = await stack.client().get(`/api/groups?q=${'a'.repeat(20_000)}`);
    expect(jsonError(longUrl)).toEqual({
      status: 414,
      type: 'application/json',
      body: { message: 'The address is too long' },
    });
    const bigHeaders = await stack.client().get('/api/groups', { 'x-padding': 'p'.repeat(20_000) });
    expect(jsonError(bigHeaders)).toEqual({
      status: 431,
      type: 'application/json',
      body: { message: 'The request headers are too large' },
    });
  });
});

describe('Cache-Control on personal answers', () => {
  it.each(PERSONAL)('GET %s is no-store, signed in and not', async (path) => {
    const signedIn = await member.get(path);
    expect(signedIn.status).toBeLessThan(500);
    // Reviews states `private, no-store` itself; the gateway adds `no-store` where nobody did.
    expect(signedIn.headers.get('cache-control')).toMatch(/(^|, )no-store$/);
    const anonymous = await stack.client().get(path);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('cache-control')).toBe('no-store');
  });

  it('marks any answer to a signed-in request no-store, public lists for anonymous readers no-cache', async () => {
    const signedIn = await member.get('/api/groups');
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get('cache-control')).toBe('no-store');
    const anonymous = await stack.client().get('/api/groups');
    expect(anonymous.status).toBe(200);
    expect(anonymous.headers.get('cache-control')).toBe('no-cache');
  });

  it('marks the sign-in answers no-store', async () => {
    const signedUp = await signUp(stack.client());
    const login = await stack
      .client()
      .post('/api/login', { username: signedUp.form.username, password: signedUp.form.password });
    expect(login.status).toBe(200);
    expect(login.headers.get('cache-control')).toBe('no-store');
  });

  it("keeps a service's own public policy (photos), even for a signed-in request", async () => {
    const png = await sharp({
      create: { width: 8, height: 8, channels: 3, background: '#009688' },
    })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('photos', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'dot.png');
    const cookie = `tc_session=${member.cookies.get('tc_session')}`;
    const upload = await fetch(`${stack.gatewayUrl}/api/photos`, {
      method: 'POST',
      body: form,
      headers: { cookie },
    });
    expect(upload.status).toBe(201);
    expect(upload.headers.get('cache-control')).toBe('no-store');
    const [photo] = (await upload.json()) as { url: string }[];
    const served = await fetch(`${stack.gatewayUrl}${photo!.url}`, { headers: { cookie } });
    expect(served.status).toBe(200);
    expect(served.headers.get('cache-control')).toBe('public, max-age=300');
  });
});

interface Raw {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A GET with exactly these headers (node:http adds none of its own), the body as bytes. */
function rawGet(url: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    }).on('error', reject);
  });
}

describe('public reads revalidate and large answers are compressed', () => {
  beforeAll(async () => {
    // Enough groups for a first page well past the compression threshold (1 kB).
    for (let i = 0; i < 8; i += 1) {
      const created = await member.post('/api/groups', {
        name: `Revalidated ${Date.now().toString(36)} ${i}`,
        description: 'A group whose description makes the list long enough to compress.',
      });
      expect(created.status).toBe(201);
    }
  });

  it('answers a 304 without a body when the ETag still matches, a 200 once it changed', async () => {
    const url = `${stack.gatewayUrl}/api/groups?limit=5`;
    const first = await rawGet(url);
    const etag = first.headers.etag;
    expect([first.status, first.headers['cache-control']]).toEqual([200, 'no-cache']);
    expect(etag).toMatch(/^W\/"/);
    // As a browser revalidates from its cache (fetch() would add Cache-Control: no-cache).
    const again = await rawGet(url, { 'if-none-match': etag! });
    expect([again.status, again.body.length]).toEqual([304, 0]);

    const other = await rawGet(`${stack.gatewayUrl}/api/groups?limit=6`, {
      'if-none-match': etag!,
    });
    expect(other.status).toBe(200);
    expect(JSON.parse(other.body.toString())).toHaveLength(6);
  });

  it('keeps a signed-in answer no-store: no cache may keep it to revalidate', async () => {
    const signedIn = await member.get('/api/groups?limit=5');
    expect(signedIn.headers.get('cache-control')).toBe('no-store');
  });

  it('compresses a large JSON answer for a client that accepts it, and only then', async () => {
    const url = `${stack.gatewayUrl}/api/groups?limit=8`;
    const plain = await rawGet(url);
    const encodingOf = (res: Raw) => res.headers['content-encoding'];
    expect(encodingOf(plain)).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);

    for (const [accepted, decode] of [
      ['gzip', gunzipSync],
      ['br', brotliDecompressSync],
    ] as const) {
      const packed = await rawGet(url, { 'accept-encoding': accepted });
      expect({ accepted, encoding: encodingOf(packed) }).toEqual({ accepted, encoding: accepted });
      expect(packed.headers.vary).toMatch(/accept-encoding/i);
      expect(packed.body.length).toBeLessThan(plain.body.length / 2);
      expect(JSON.parse(decode(packed.body).toString())).toEqual(JSON.parse(plain.body.toString()));
    }
  });
});

describe("the edge's security headers", () => {
  const SECURITY = [
    'content-security-policy',
    'cross-origin-opener-policy',
    'cross-origin-resource-policy',
    'referrer-policy',
    'strict-transport-security',
    'x-content-type-options',
    'x-frame-options',
  ];
  const securityOf = (res: TestResponse) =>
    Object.fromEntries(SECURITY.map((name) => [name, res.headers.get(name)]));

  it("sets helmet's headers on the Express lane's answers (a write, an error) as on a plain read", async () => {
    const read = securityOf(await stack.client().get('/api/groups'));
    expect(read['content-security-policy']).toContain("default-src 'self'");
    expect(read['x-content-type-options']).toBe('nosniff');
    const write = await member.post('/api/groups', { name: '' });
    expect(write.status).toBe(400);
    expect(securityOf(write)).toEqual(read);
    const refused = await stack.client().post('/api/reviews/1/helpful');
    expect(refused.status).toBe(401);
    expect(securityOf(refused)).toEqual(read);
  });
});
