import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { Registry } from 'prom-client';
import { isDatabaseUnavailable, isInvalidValue } from './db-errors';
import { createHttpApp } from './http-app';
import {
  answerClientErrors,
  checkJsonDocument,
  EDGE_MAX_HEADER_BYTES,
  MAX_URL_BYTES,
} from './input';

/** A service skeleton echoing what its routes were given, served as startService serves. */
async function echoServer() {
  const app = createHttpApp({
    logger: pino({ level: 'silent' }),
    registry: new Registry(),
    routes(app) {
      app.all('/echo/:id', (req, res) => {
        res.json({ id: req.params.id, query: req.query, body: req.body ?? null });
      });
      app.get('/public', (_req, res) => {
        res.set('Cache-Control', 'public, max-age=60').json({ ok: true });
      });
      app.get('/db-down', () => {
        throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), {
          code: 'ECONNREFUSED',
        });
      });
      app.get('/db-value', () => {
        throw Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), {
          code: '22021',
        });
      });
    },
  });
  const server = createServer({ maxHeaderSize: EDGE_MAX_HEADER_BYTES }, app);
  answerClientErrors(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, close: () => new Promise((resolve) => server.close(resolve)) };
}

let server: Awaited<ReturnType<typeof echoServer>>;
beforeAll(async () => {
  server = await echoServer();
});
afterAll(() => server.close());

async function call(path: string, init: RequestInit = {}) {
  const res = await fetch(`${server.url}${path}`, init);
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
}

const postJson = (path: string, raw: string) =>
  call(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: raw });

describe('request target', () => {
  it.each(['/echo/%', '/echo/%zz', '/echo/%C3%28', '/echo/1?q=%', '/echo/1?q=%00', '/echo/%00'])(
    '%s is a JSON 400, not a 500',
    async (path) => {
      const res = await call(path);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: expect.stringMatching(/address is not valid/) });
    },
  );

  it('passes well-formed escapes and Unicode on', async () => {
    const res = await call('/echo/%C3%A9t%C3%A9?q=caf%C3%A9%20%F0%9F%98%80');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: 'été', query: { q: 'café 😀' } });
  });

  it('answers 414 with JSON for a long address, before or after Node gives up on it', async () => {
    for (const length of [MAX_URL_BYTES + 10, EDGE_MAX_HEADER_BYTES + 100]) {
      const res = await call(`/echo/1?q=${'a'.repeat(length)}`);
      expect({ length, status: res.status, body: res.body }).toEqual({
        length,
        status: 414,
        body: { message: 'The address is too long' },
      });
    }
  });

  it('answers 431 with JSON for oversized headers', async () => {
    const res = await call('/echo/1', { headers: { 'x-big': 'b'.repeat(EDGE_MAX_HEADER_BYTES) } });
    expect(res.status).toBe(431);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.body).toEqual({ message: 'The request headers are too large' });
  });
});

describe('JSON bodies', () => {
  it('names the field holding a NUL or another control character', async () => {
    const res = await postJson(
      '/echo/1',
      JSON.stringify({ name: 'ok\tfine\n', tags: ['x', 'bad\u0000'], nested: { note: '\u0007' } }),
    );
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: 'Text contains characters that are not allowed',
      issues: [
        { path: 'nested.note', message: expect.any(String) },
        { path: 'tags.1', message: expect.any(String) },
      ],
    });
  });

  it('refuses lone surrogates and control characters in keys', async () => {
    expect((await postJson('/echo/1', '{"a":"\\ud800"}')).body.issues).toEqual([
      { path: 'a', message: expect.any(String) },
    ]);
    expect((await postJson('/echo/1', '{"k\\u0000":1}')).status).toBe(400);
  });

  it('bounds depth (400) and size (413), and takes ordinary bodies', async () => {
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    expect(await postJson('/echo/1', deep)).toMatchObject({
      status: 400,
      body: { message: 'Request body is nested too deeply' },
    });
    const big = JSON.stringify({ text: 'x'.repeat(1024 * 1024) });
    expect(await postJson('/echo/1', big)).toMatchObject({
      status: 413,
      body: { message: 'Request body is too large' },
    });
    const ok = await postJson('/echo/1', JSON.stringify({ text: 'Ça va 😀', list: [[[1]]] }));
    expect(ok).toMatchObject({ status: 200, body: { body: { text: 'Ça va 😀' } } });
  });

  it('takes JSON as UTF-8 only: another charset is a 415, never an empty body', async () => {
    const send = (type: string, body: string) =>
      call('/echo/1', { method: 'PUT', headers: { 'content-type': type }, body });
    for (const type of [
      'application/json; charset=utf-16',
      'application/json;charset="UTF-16LE"',
      'application/json; charset=latin1',
      'application/json; charset=utf8',
    ]) {
      expect({ type, ...(await send(type, 'x')) }).toMatchObject({
        type,
        status: 415,
        body: { message: 'JSON request bodies must be UTF-8' },
      });
    }
    for (const type of ['application/json; charset=utf-8', 'application/json; charset="UTF-8"']) {
      expect(await send(type, '{"a":"é"}')).toMatchObject({
        status: 200,
        body: { body: { a: 'é' } },
      });
    }
  });

  it('walks a document without recursion', () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(checkJsonDocument(deep)?.status).toBe(400);
    expect(checkJsonDocument({ a: [{ b: 'fine' }] })).toBeNull();
  });
});

describe('errors from the database and cache policy', () => {
  it('answers a lost database as a retryable 503 and a refused value as 400', async () => {
    const down = await call('/db-down');
    expect(down.status).toBe(503);
    expect(down.headers.get('retry-after')).toBe('5');
    expect(down.body).toEqual({ message: expect.any(String) });
    expect((await call('/db-value')).status).toBe(400);
  });

  it('recognises the ways pg and knex report a lost connection', () => {
    const lost = [
      Object.assign(new Error('terminating connection due to administrator command'), {
        code: '57P01',
      }),
      Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
      Object.assign(new Error('x'), { code: '08006' }),
      new Error('Connection terminated unexpectedly'),
      new AggregateError([Object.assign(new Error('r'), { code: 'ECONNREFUSED' })], ''),
      Object.assign(new Error('Knex: Timeout acquiring a connection.'), {
        name: 'KnexTimeoutError',
      }),
    ];
    for (const error of lost) expect(isDatabaseUnavailable(error)).toBe(true);
    const notLost = [new Error('boom'), Object.assign(new Error('dup'), { code: '23505' })];
    for (const error of notLost) expect(isDatabaseUnavailable(error)).toBe(false);
    expect(isInvalidValue(Object.assign(new Error('x'), { code: '22P02' }))).toBe(true);
    expect(isInvalidValue(Object.assign(new Error('x'), { code: '23505' }))).toBe(false);
  });

  it('marks answers to signed-in calls no-store unless the route set its own policy', async () => {
    const auth = { headers: { authorization: 'Bearer x' } };
    expect((await call('/echo/1', auth)).headers.get('cache-control')).toBe('no-store');
    expect((await call('/echo/1')).headers.get('cache-control')).toBeNull();
    expect((await call('/public', auth)).headers.get('cache-control')).toBe('public, max-age=60');
  });
});
