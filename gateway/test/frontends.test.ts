import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { LANDING_HERO } from '@trustcircle/contracts';
import { gatewayService } from '@trustcircle/gateway';
import { identityService } from '@trustcircle/identity';
import { startStaticServer, type RunningStaticServer } from '@trustcircle/http-server';
import { startStack, waitFor, type TestStack } from '@trustcircle/testing';

let stack: TestStack;
let shell: RunningStaticServer;
let groups: RunningStaticServer;
let dir: string;
const bundle = `console.log(${JSON.stringify('TrustCircle '.repeat(100))});`;
/** page-assets.json (frontends/page-assets-plugin.js): each route's page files. */
const groupsPages = {
  '/groups': ['static/js/413.2b81bbaac4.js'],
  '/groups/:id': ['static/js/641.6109c386c9.js', 'static/css/641.0123456789.css'],
};
/** The shell's document, with the mark where a page's head is painted. */
const shellDocument =
  '<!doctype html><title>TrustCircle</title><div id="root"><header></header><!--#tc:page-head--></div>';
/** page-heads.json (frontends/page-assets-plugin.js): a remote's static page heads. */
const groupsHeads = { '/groups': { title: 'Groups', lead: 'People & the <reviews> they trust' } };
/** The parts of a remote's mf-manifest.json the gateway reads for its preload hints. */
const groupsManifest = {
  id: 'groups',
  metaData: { publicPath: '/mfe/groups/', remoteEntry: { name: 'remoteEntry.js', path: '' } },
  exposes: [
    {
      path: './routes',
      assets: {
        js: { sync: ['static/js/806.eb6b8eecb6.js'], async: ['static/js/420.a64360ef93.js'] },
        css: { sync: ['static/css/806.c1e8bf3827.css'], async: [] },
      },
    },
  ],
};

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
  writeFileSync(join(dir, 'shell/index.html'), shellDocument);
  writeFileSync(join(dir, 'shell/static/js/main.0123abcd45.js'), 'console.log(1)');
  writeFileSync(join(dir, 'shell/static/js/app.0123abcd45.js'), bundle);
  writeFileSync(join(dir, 'shell/static/js/app.0123abcd45.js.br'), brotliCompressSync(bundle));
  writeFileSync(join(dir, 'shell/static/js/app.0123abcd45.js.gz'), gzipSync(bundle));
  writeFileSync(join(dir, 'groups/mf-manifest.json'), JSON.stringify(groupsManifest));
  writeFileSync(join(dir, 'groups/page-assets.json'), JSON.stringify(groupsPages));
  writeFileSync(join(dir, 'groups/page-heads.json'), JSON.stringify(groupsHeads));
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
    const res = await stack.client().get('/about');
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
    expect(res.body).toEqual(groupsManifest);
  });

  it("hints a remote's page with what it will load: manifest, entry, route table, page", async () => {
    const linkOf = async (path: string) => (await stack.client().get(path)).headers.get('link');
    // The gateway reads the manifest at start; a page never waits for it.
    await waitFor(async () => (await linkOf('/groups/12'))?.includes('remoteEntry') === true, {
      what: 'the groups manifest read',
    });
    expect((await linkOf('/Groups/12?tab=members'))?.split(', ')).toEqual([
      '</mfe/groups/mf-manifest.json>; rel=preload; as=fetch; crossorigin',
      '</mfe/groups/remoteEntry.js>; rel=preload; as=script; fetchpriority=low',
      '</mfe/groups/static/js/806.eb6b8eecb6.js>; rel=preload; as=script; fetchpriority=low',
      '</mfe/groups/static/css/806.c1e8bf3827.css>; rel=preload; as=style; fetchpriority=low',
      '</mfe/groups/static/js/641.6109c386c9.js>; rel=preload; as=script; fetchpriority=low',
      '</mfe/groups/static/css/641.0123456789.css>; rel=preload; as=style; fetchpriority=low',
    ]);
    expect(await linkOf('/groups')).toContain('</mfe/groups/static/js/413.2b81bbaac4.js>');
    expect(await linkOf('/groups/12/nope')).not.toContain('413');
    // A remote without a static server here: its manifest alone. The shell's own pages: none.
    expect(await linkOf('/business/new')).toBe(
      '</mfe/business/mf-manifest.json>; rel=preload; as=fetch; crossorigin',
    );
    // The business page's read too, with the session's cookie as the page will ask for it.
    expect((await linkOf('/business/7'))?.split(', ')).toEqual([
      '</api/businesses/7>; rel=preload; as=fetch; crossorigin=use-credentials',
      '</mfe/business/mf-manifest.json>; rel=preload; as=fetch; crossorigin',
    ]);
    expect(await linkOf('/')).toBeNull();
    expect(await linkOf('/static/js/main.0123abcd45.js')).toBeNull();
  });

  it("paints a page's head from its remote into the shell's document, compressed as asked", async () => {
    const url = `${stack.gatewayUrl}/groups`;
    const painted = '<h1 class="h2 mb-1">Groups</h1>';
    await waitFor(async () => (await fetch(url).then((res) => res.text())).includes(painted), {
      what: 'the groups page heads read',
    });
    const plain = await rawGet(url, {});
    const html = plain.body.toString();
    expect(html).toContain('<header></header><main class="flex-grow-1 tc-main">');
    expect(html).toContain('People &amp; the &lt;reviews&gt; they trust</p>');
    expect(html).not.toContain('tc:page-head');
    expect(plain.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(plain.headers['content-length']).toBe(String(plain.body.length));
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(String(plain.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(String(plain.headers.link)).toContain('/mfe/groups/static/js/413.2b81bbaac4.js');
    const br = await rawGet(url, { 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(brotliDecompressSync(br.body).toString()).toBe(html);
    const gzip = await rawGet(url, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(html);
    // A HEAD asks the same, without the body.
    const head = await fetch(url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    // Pages without a head get the shell's document as it is, mark and all.
    const other = await fetch(`${stack.gatewayUrl}/groups/12`).then((res) => res.text());
    expect(other).toBe(shellDocument);
    // `/` for a visitor: the landing's hero, the answer told apart by its cookie.
    const landing = await fetch(`${stack.gatewayUrl}/`);
    expect(await landing.text()).toContain(`${LANDING_HERO.title}</h1>`);
    expect(landing.headers.get('cache-control')).toBe('private, no-cache');
    expect(landing.headers.get('vary')).toContain('Cookie');
    // With a cookie that names no session, still a visitor's.
    const stale = await fetch(`${stack.gatewayUrl}/`, { headers: { cookie: 'tc_session=nope' } });
    expect(await stale.text()).toContain(`${LANDING_HERO.title}</h1>`);
  });

  it('paints nothing it should not, and never fails, for what an abuser sends a page', async () => {
    const status = async (path: string, headers: Record<string, string> = {}) =>
      (await fetch(`${stack.gatewayUrl}${path}`, { headers }).catch(() => null))?.status;
    // Catalog is not running here: the business page goes out without its head, not as a 5xx.
    expect(await status('/business/7')).toBe(200);
    for (const path of [
      '/business/%00',
      '/business/99999999999',
      '/groups%00',
      `/${'a'.repeat(8000)}`,
    ]) {
      const code = (await status(path)) ?? 0;
      expect([path.slice(0, 20), code > 0 && code < 500]).toEqual([path.slice(0, 20), true]);
    }
    // Forged, malformed and oversized session cookies, and a forged X-Forwarded-For: a visitor.
    for (const cookie of [
      'tc_session=%zz',
      'tc_session=',
      `tc_session=${'x'.repeat(6000)}`,
      'a=b; ;;=',
      // cookie-parser read `j:` values as JSON: a number then failed the session's hashing (500).
      'tc_session=j:1',
      'tc_session=j:{"a":1}',
    ]) {
      const res = await fetch(`${stack.gatewayUrl}/`, {
        headers: { cookie, 'x-forwarded-for': '10.0.0.1, 1.2.3.4' },
      });
      expect(res.status).toBe(200);
      expect(await res.text()).toContain(`${LANDING_HERO.title}</h1>`);
    }
    // The same page a hundred times at once, each with another unknown session.
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => status('/', { cookie: `tc_session=forged${i}` })),
    );
    expect(answers.every((code) => code === 200)).toBe(true);
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
