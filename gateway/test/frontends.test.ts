import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { gatewayService } from '@trustcircle/gateway';
import { identityService } from '@trustcircle/identity';
import { startStaticServer, type RunningStaticServer } from '@trustcircle/http-server';
import { startStack, type TestStack } from '@trustcircle/testing';

let stack: TestStack;
let shell: RunningStaticServer;
let groups: RunningStaticServer;
let dir: string;
const bundle = `console.log(${JSON.stringify('TrustCircle '.repeat(100))});`;

/** The answer's bytes exactly as the gateway sent them (fetch would decode them). */
function rawGet(url: string, headers: Record<string, string>) {
  return new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
    get(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tc-frontends-'));
  mkdirSync(join(dir, 'shell/static/js'), { recursive: true });
  mkdirSync(join(dir, 'groups'), { recursive: true });
  writeFileSync(join(dir, 'shell/index.html'), '<!doctype html><title>TrustCircle</title>');
  writeFileSync(join(dir, 'shell/static/js/main.0123abcd45.js'), 'console.log(1)');
  writeFileSync(join(dir, 'shell/static/js/app.0123abcd45.js'), bundle);
  writeFileSync(join(dir, 'shell/static/js/app.0123abcd45.js.br'), brotliCompressSync(bundle));
  writeFileSync(join(dir, 'shell/static/js/app.0123abcd45.js.gz'), gzipSync(bundle));
  writeFileSync(join(dir, 'groups/mf-manifest.json'), '{"id":"groups"}');
  shell = await startStaticServer({ root: join(dir, 'shell') });
  groups = await startStaticServer({ root: join(dir, 'groups') });
  stack = await startStack({
    gateway: gatewayService,
    services: [identityService],
    env: { gateway: { SHELL_URL: shell.url, GROUPS_MFE_URL: groups.url } },
  });
});

afterAll(async () => {
  await stack?.stop();
  await shell?.close();
  await groups?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the shell behind the gateway', () => {
  it('serves pages from the shell, uncached, with a strict CSP', async () => {
    const res = await stack.client().get('/');
    expect(res.status).toBe(200);
    expect(res.text).toContain('<title>TrustCircle</title>');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self'");
    expect(csp).toContain("img-src 'self' data: https:");
    expect(csp).toContain("connect-src 'self'");
  });

  it('falls back to index.html for client-side routes', async () => {
    const res = await stack.client().get('/groups/12?tab=members');
    expect(res.status).toBe(200);
    expect(res.text).toContain('<title>TrustCircle</title>');
  });

  it('caches hashed assets for a year', async () => {
    const res = await stack.client().get('/static/js/main.0123abcd45.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-type')).toContain('text/javascript');
    const missing = await stack.client().get('/static/js/nope.0123abcd45.js');
    expect(missing.status).toBe(404);
  });

  it("passes the static server's precompressed answers through untouched", async () => {
    const url = `${stack.gatewayUrl}/static/js/app.0123abcd45.js`;
    const br = await rawGet(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.body.equals(brotliCompressSync(bundle))).toBe(true);
    const gzip = await rawGet(url, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.body.equals(gzipSync(bundle))).toBe(true);
    const plain = await rawGet(url, {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(bundle);
  });

  it('keeps the API, health and keys for itself', async () => {
    const api = await stack.client().get('/api/no-such-thing');
    expect(api.status).toBe(404);
    expect(api.headers.get('content-type')).toContain('application/json');
    // The operational endpoints are on the ops port only: neither the gateway nor a frontend.
    for (const path of ['/healthz', '/readyz', '/metrics', '/mfe/groups/readyz']) {
      expect([path, (await stack.client().get(path)).status]).toEqual([path, 404]);
    }
    expect((await stack.client().get('/.well-known/jwks.json')).body).toHaveProperty('keys');
  });
});

describe('micro-frontend remotes', () => {
  it('serves /mfe/config.json from its environment', async () => {
    const res = await stack.client().get('/mfe/config.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.body).toEqual({
      groups: '/mfe/groups/mf-manifest.json',
      business: '/mfe/business/mf-manifest.json',
    });
  });

  it('forwards /mfe/groups/* to the groups server without the prefix', async () => {
    const res = await stack.client().get('/mfe/groups/mf-manifest.json');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: 'groups' });
  });

  it('answers 503 for a remote that is not configured or not running', async () => {
    const missing = await stack.client().get('/mfe/business/mf-manifest.json');
    expect(missing.status).toBe(503);
    await groups.close();
    const down = await stack.client().get('/mfe/groups/mf-manifest.json');
    expect(down.status).toBe(503);
    expect(down.text).toContain('unavailable right now');
  });
});
