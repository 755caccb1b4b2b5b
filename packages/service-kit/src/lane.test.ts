import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RequestHandler } from 'express';
import pino from 'pino';
import { Registry } from 'prom-client';
import { HttpError } from './errors';
import { createHttpApp } from './http-app';
import { createLane } from './lane';

/** What a handler saw of the request: the paths Express would have given it. */
const seen: { url: string; baseUrl: string; originalUrl: string; path: string }[] = [];
const record: RequestHandler = (req, _res, next) => {
  seen.push({ url: req.url, baseUrl: req.baseUrl, originalUrl: req.originalUrl, path: req.path });
  next();
};
const answer: RequestHandler = (req, res, next) => {
  if (req.query.fail === 'sync') throw new HttpError(409, 'Thrown here');
  if (req.query.fail === 'async') return Promise.reject(new Error('secret detail'));
  if (req.query.fail === 'next') return next(new HttpError(418, 'Passed on'));
  if (req.query.pass === '1') return next();
  res.json({ answered: true, id: req.id });
};

async function listen(listener: RequestListener) {
  const server = createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

describe('createLane', () => {
  const registry = new Registry();
  const app = createHttpApp({
    logger: pino({ level: 'silent' }),
    registry,
    routes(app) {
      app.use('/api', record);
      app.get('/api/things', answer);
    },
  });
  const lane = createLane(app, [{ mountPath: '/api', handlers: [record] }, { handlers: [answer] }]);
  let viaLane: Awaited<ReturnType<typeof listen>>;
  let viaRouter: Awaited<ReturnType<typeof listen>>;

  beforeAll(async () => {
    viaLane = await listen(lane);
    viaRouter = await listen(app);
  });
  afterAll(async () => {
    await viaLane.close();
    await viaRouter.close();
  });
  beforeEach(() => {
    seen.length = 0;
  });

  /** Status, body and headers but those that differ on every answer. */
  async function fetchBoth(path: string) {
    const read = async (base: string) => {
      const res = await fetch(`${base}${path}`);
      const headers = Object.fromEntries(res.headers);
      delete headers.date;
      delete headers['x-request-id'];
      delete headers.etag; // The body names the request id.
      const body = (await res.json()) as Record<string, unknown>;
      delete body.id;
      return { status: res.status, headers, body };
    };
    return { lane: await read(viaLane.url), router: await read(viaRouter.url) };
  }

  it('gives mounted handlers the paths the router gives them', async () => {
    const { lane, router } = await fetchBoth('/api/things?x=1');
    expect(lane).toEqual(router);
    expect(lane.body).toEqual({ answered: true });
    expect(seen).toEqual([
      { url: '/things?x=1', baseUrl: '/api', originalUrl: '/api/things?x=1', path: '/things' },
      { url: '/things?x=1', baseUrl: '/api', originalUrl: '/api/things?x=1', path: '/things' },
    ]);
  });

  it('runs the app’s front handlers: request id, metrics, URL checks', async () => {
    const res = await fetch(`${viaLane.url}/api/things`, { headers: { 'x-request-id': 'lane-1' } });
    expect(await res.json()).toEqual({ answered: true, id: 'lane-1' });
    expect(res.headers.get('x-request-id')).toBe('lane-1');
    const bad = await fetchBoth('/api/things/%E0%A4%A');
    expect(bad.lane).toEqual(bad.router);
    expect(bad.lane.status).toBe(400);
    const metrics = await registry.getSingleMetricAsString('http_requests_total');
    expect(metrics).toMatch(/method="GET",route="unmatched",status="200"\} [1-9]/);
  });

  it.each([
    ['thrown', 'sync', 409],
    ['rejected', 'async', 500],
    ['passed to next', 'next', 418],
  ])('answers an error %s as the router does', async (_how, fail, status) => {
    const { lane, router } = await fetchBoth(`/api/things?fail=${fail}`);
    expect(lane).toEqual(router);
    expect(lane.status).toBe(status);
    expect(JSON.stringify(lane.body)).not.toContain('secret detail');
  });

  it('answers the JSON 404 when no handler answers', async () => {
    const { lane, router } = await fetchBoth('/api/things?pass=1');
    expect(lane).toEqual(router);
    expect(lane.status).toBe(404);
  });

  it('refuses an app createHttpApp did not make', () => {
    expect(() => createLane(Object.create(app) as typeof app, [])).toThrow(/createHttpApp/);
  });
});
