import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { cspHeader } from '../src/browser-security';
import { IMMUTABLE_CACHE, NO_CACHE } from '../src/static-files';
import { startStaticServer, type RunningStaticServer } from '../src/static-server';

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A plain http request: the body exactly as sent (fetch would decode it). */
function raw(
  server: RunningStaticServer,
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(`${server.url}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const script = `console.log(${JSON.stringify('TrustCircle '.repeat(200))});\n`;
const html = `<!doctype html><title>TrustCircle</title>${'<p>shell</p>'.repeat(100)}`;
let dir: string;
let server: RunningStaticServer;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tc-static-'));
  mkdirSync(join(dir, 'static/js'), { recursive: true });
  const js = join(dir, 'static/js/main.0123abcd45.js');
  writeFileSync(js, script);
  writeFileSync(`${js}.gz`, gzipSync(script));
  writeFileSync(`${js}.br`, brotliCompressSync(script));
  writeFileSync(join(dir, 'index.html'), html);
  writeFileSync(join(dir, 'index.html.gz'), gzipSync(html));
  writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  server = await startStaticServer({ root: dir });
});

afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The coding the server chose for an Accept-Encoding header (null: the file as it is). */
async function chosenCoding(accept: string | undefined): Promise<string | null> {
  const res = await raw(
    server,
    '/static/js/main.0123abcd45.js',
    accept ? { 'accept-encoding': accept } : {},
  );
  return (res.headers['content-encoding'] as string | undefined) ?? null;
}

describe('Accept-Encoding', () => {
  it('ranks by q, then br before gzip, and drops q=0', async () => {
    const cases: [string | undefined, string | null][] = [
      [undefined, null],
      ['', null],
      ['identity', null],
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip, deflate', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
      ['gzip;q=0.8, br;q=0.2', 'gzip'],
      ['*', 'br'],
      ['*;q=0.5, br;q=0', 'gzip'],
      ['*;q=0.5, gzip;q=0', 'br'],
      ['BR;Q=1', 'br'],
      ['Gzip', 'gzip'],
    ];
    for (const [accept, coding] of cases) {
      expect([accept, await chosenCoding(accept)]).toEqual([accept, coding]);
    }
  });
});

describe('precompressed siblings', () => {
  const path = '/static/js/main.0123abcd45.js';

  it('sends the brotli file to a browser that accepts br', async () => {
    const res = await raw(server, path, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(res.headers['content-type']).toMatch(/^text\/javascript; charset=utf-8$/i);
    expect(res.headers['cache-control']).toBe(IMMUTABLE_CACHE);
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(res.body.length).toBeLessThan(Buffer.byteLength(script));
    expect(brotliDecompressSync(res.body).toString()).toBe(script);
  });

  it('sends the gzip file when br is not accepted', async () => {
    for (const accept of ['gzip, deflate', 'br;q=0, gzip', 'gzip;q=1, br;q=0.5']) {
      const res = await raw(server, path, { 'accept-encoding': accept });
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(res.headers.vary).toBe('Accept-Encoding');
      expect(gunzipSync(res.body).toString()).toBe(script);
    }
  });

  it('sends the file as it is without an accepted coding, still varying on it', async () => {
    const variants: Record<string, string>[] = [
      {},
      { 'accept-encoding': 'identity' },
      { 'accept-encoding': 'zstd' },
    ];
    for (const headers of variants) {
      const res = await raw(server, path, headers);
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers.vary).toBe('Accept-Encoding');
      expect(res.body.toString()).toBe(script);
      expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(script));
    }
  });

  it('gives each coding its own ETag, and revalidates against it', async () => {
    const br = await raw(server, path, { 'accept-encoding': 'br' });
    const gzip = await raw(server, path, { 'accept-encoding': 'gzip' });
    const plain = await raw(server, path);
    const etags = [br, gzip, plain].map((res) => res.headers.etag);
    expect(new Set(etags).size).toBe(3);
    const again = await raw(server, path, {
      'accept-encoding': 'br',
      'if-none-match': String(br.headers.etag),
    });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const other = await raw(server, path, {
      'accept-encoding': 'gzip',
      'if-none-match': String(br.headers.etag),
    });
    expect(other.status).toBe(200);
    expect(other.headers['content-encoding']).toBe('gzip');
  });

  it('answers HEAD with the compressed length and no body', async () => {
    const res = await raw(server, path, { 'accept-encoding': 'br' }, 'HEAD');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(Number(res.headers['content-length'])).toBe(brotliCompressSync(script).length);
    expect(res.body.length).toBe(0);
  });

  it('keeps index.html (and the SPA fallback) uncached, with the sibling that exists', async () => {
    for (const page of ['/', '/index.html', '/groups/12']) {
      const res = await raw(server, page, { 'accept-encoding': 'gzip, deflate, br' });
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe(NO_CACHE);
      expect(res.headers['content-type']).toMatch(/^text\/html; charset=utf-8$/i);
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(res.headers.vary).toBe('Accept-Encoding');
      expect(gunzipSync(res.body).toString()).toBe(html);
    }
  });

  it('leaves files without siblings alone', async () => {
    const res = await raw(server, '/favicon.svg', { 'accept-encoding': 'gzip, br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toBeUndefined();
    expect(res.headers['content-type']).toBe('image/svg+xml');
  });

  it('still answers 404 for missing assets', async () => {
    const res = await raw(server, '/static/js/nope.0123abcd45.js', { 'accept-encoding': 'br' });
    expect(res.status).toBe(404);
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});

describe('what is not a file of the build', () => {
  it('refuses other methods, undecodable and NUL paths, and never leaves the root', async () => {
    const post = await raw(server, '/index.html', {}, 'POST');
    expect([post.status, post.headers.allow]).toEqual([405, 'GET, HEAD']);
    for (const path of ['/%E0%A4%A', '/a%00b']) {
      expect([path, (await raw(server, path)).status]).toEqual([path, 400]);
    }
    // Outside the root: never the file, at most the page (an extension-less path).
    const escape = await raw(server, '/static/../../../etc/passwd');
    expect(escape.body.toString()).not.toContain('root:');
  });

  it('answers a missing file with an extension 404, and a remote (no fallback) every miss', async () => {
    expect((await raw(server, '/missing.css')).status).toBe(404);
    const remote = await startStaticServer({ root: dir, spaFallback: false });
    try {
      expect((await raw(remote, '/groups/12')).status).toBe(404);
      expect((await raw(remote, '/favicon.svg')).status).toBe(200);
    } finally {
      await remote.close();
    }
  });
});

describe('security headers', () => {
  it('answers every page and asset with the same policy as the gateway', async () => {
    for (const path of ['/', '/some/page', '/healthz', '/missing.js']) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.headers.get('content-security-policy')).toBe(cspHeader(false));
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
    }
    expect(cspHeader(false)).toContain("script-src 'self'");
    expect(cspHeader(false)).toContain("frame-ancestors 'none'");
    expect(cspHeader(true)).toMatch(/upgrade-insecure-requests$/);
  });
});

describe('operational endpoints', () => {
  it('answers the probes on the ops port only: 404 on the public port, never index.html', async () => {
    expect(server.opsUrl).not.toBe(server.url);
    for (const path of ['/livez', '/healthz', '/readyz', '/metrics', '/readyz/', '/readyz?x=1']) {
      const res = await raw(server, path);
      expect([path, res.status, res.body.toString()]).toEqual([path, 404, 'Not Found']);
    }
    for (const path of ['/livez', '/healthz', '/readyz']) {
      const res = await fetch(`${server.opsUrl}${path}`);
      expect([path, res.status, res.headers.get('cache-control')]).toEqual([path, 200, 'no-store']);
    }
    // No metrics of its own; the ops port serves nothing but the probes.
    for (const path of ['/metrics', '/', '/index.html']) {
      expect([path, (await fetch(`${server.opsUrl}${path}`)).status]).toEqual([path, 404]);
    }
  });

  it('listens for the probes on OPS_PORT, by default PORT + 1000', async () => {
    const own = await startStaticServer({ root: dir, port: 0, opsPort: 0 });
    const opsPort = Number(new URL(own.opsUrl).port);
    await own.close();
    const fixed = await startStaticServer({ root: dir, port: opsPort - 1000 });
    try {
      expect(fixed.opsUrl).toBe(`http://127.0.0.1:${opsPort}`);
      expect((await fetch(`${fixed.opsUrl}/readyz`)).status).toBe(200);
    } finally {
      await fixed.close();
    }
  });
});

describe('shutdown', () => {
  it('fails readiness on the ops port but keeps serving through the drain, then closes once idle', async () => {
    const own = await startStaticServer({ root: dir });
    expect((await fetch(`${own.opsUrl}/readyz`)).status).toBe(200);
    const began = Date.now();
    const stopped = own.shutdown(400, 20_000).then(() => Date.now() - began);
    const ready = await fetch(`${own.opsUrl}/readyz`);
    expect([ready.status, await ready.json()]).toEqual([503, { status: 'shutting down' }]);
    expect((await fetch(`${own.opsUrl}/livez`)).status).toBe(200);
    expect((await raw(own, '/readyz')).status).toBe(404);
    const page = await raw(own, '/some/page');
    expect(page.status).toBe(200);
    expect(page.headers.connection).toBe('keep-alive');
    expect(await stopped).toBeLessThan(2000);
    expect(own.server.listening).toBe(false);
    await expect(fetch(`${own.opsUrl}/livez`)).rejects.toThrow();
  });
});
