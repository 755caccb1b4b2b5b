import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { setFlagsFromString } from 'node:v8';
import pino from 'pino';
import { Registry } from 'prom-client';
import { createHttpApp } from './http-app';

/** An app whose JSON log lines land in `lines`, listening on a free loopback port. */
async function appWithLog(routes: Parameters<typeof createHttpApp>[0]['routes']) {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const logger = pino({ level: 'debug' }, sink);
  const app = createHttpApp({ logger, registry: new Registry(), routes });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, lines, close: () => new Promise((resolve) => server.close(resolve)) };
}

describe('request log', () => {
  it('echoes a well-formed x-request-id, replaces a malformed one, and req.log carries it', async () => {
    const { url, lines, close } = await appWithLog((app) => {
      app.get('/hello', (req, res) => {
        req.log.info('handler says hello');
        res.json({ id: req.id });
      });
    });
    try {
      const given = await fetch(`${url}/hello`, { headers: { 'x-request-id': 'abc-123' } });
      expect(given.headers.get('x-request-id')).toBe('abc-123');
      expect(await given.json()).toEqual({ id: 'abc-123' });

      const malformed = await fetch(`${url}/hello`, { headers: { 'x-request-id': 'no spaces!' } });
      const fresh = malformed.headers.get('x-request-id');
      expect(fresh).toMatch(/^[0-9a-f-]{36}$/);

      const said = lines.filter((line) => line.msg === 'handler says hello');
      expect(said.map((line) => line.reqId)).toEqual(['abc-123', fresh]);
      const completed = lines.filter((line) => line.msg === 'request completed');
      expect(completed.map((line) => line.reqId)).toEqual(['abc-123', fresh]);
    } finally {
      await close();
    }
  });

  it('leaves requests with fast properties and one hidden class', async () => {
    // A property defined on each request with its own getter turned every request after the
    // first into a dictionary-mode object, and kept a quarter of all allocation alive through
    // young-generation GCs (docs/performance.md, Reviews, third session).
    setFlagsFromString('--allow-natives-syntax');
    const natives = new Function(
      'a',
      'b',
      'return [%HasFastProperties(b), %HaveSameMap(a, b)]',
    ) as (a: object, b: object) => [boolean, boolean];
    const seen: object[] = [];
    const { url, close } = await appWithLog((app) => {
      app.get('/same', (req, res) => {
        seen.push(req);
        res.end();
      });
    });
    try {
      for (let i = 0; i < 3; i++) await fetch(`${url}/same`);
      expect(seen).toHaveLength(3);
      expect(natives(seen[0]!, seen[1]!)).toEqual([true, true]);
      expect(natives(seen[0]!, seen[2]!)).toEqual([true, true]);
    } finally {
      await close();
    }
  });

  it('gives each app its own logger behind req.log', async () => {
    const first = await appWithLog((app) => {
      app.get('/x', (req, res) => {
        req.log.info('first');
        res.end();
      });
    });
    const second = await appWithLog((app) => {
      app.get('/x', (req, res) => {
        req.log.info('second');
        res.end();
      });
    });
    try {
      await fetch(`${first.url}/x`);
      await fetch(`${second.url}/x`);
      expect(first.lines.some((line) => line.msg === 'first')).toBe(true);
      expect(first.lines.some((line) => line.msg === 'second')).toBe(false);
      expect(second.lines.some((line) => line.msg === 'second')).toBe(true);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });
});

describe('validators', () => {
  it('puts a weak ETag on cacheable GET answers only, and answers a matching one 304', async () => {
    const { url, close } = await appWithLog((app) => {
      app.get('/page', (_req, res) => {
        res.json({ words: 'a public page' });
      });
      app.post('/page', (_req, res) => {
        res.status(201).json({ created: true });
      });
    });
    try {
      const raw = (method: string, headers: Record<string, string> = {}) =>
        new Promise<{ status: number; etag?: string; body: string }>((resolve, reject) => {
          const req = request(`${url}/page`, { method, headers }, (res) => {
            let body = '';
            res.on('data', (chunk: Buffer) => (body += chunk.toString()));
            res.on('end', () =>
              resolve({ status: res.statusCode ?? 0, etag: res.headers.etag, body }),
            );
          });
          req.on('error', reject);
          req.end();
        });
      const first = await raw('GET');
      expect(first.etag).toMatch(/^W\/"[0-9a-f]+-[\w-]+"$/);
      expect(await raw('GET', { 'if-none-match': first.etag! })).toEqual({
        status: 304,
        etag: first.etag,
        body: '',
      });
      expect((await raw('GET', { 'if-none-match': 'W/"other"' })).status).toBe(200);
      // A signed-in answer is no-store: no cache keeps it, so it needs no validator.
      const signedIn = await raw('GET', { authorization: 'Bearer x' });
      expect([signedIn.status, signedIn.etag]).toEqual([200, undefined]);
      expect((await raw('POST')).etag).toBeUndefined();
    } finally {
      await close();
    }
  });
});
