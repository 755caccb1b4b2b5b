import http, { type IncomingMessage, type Server } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import express from 'express';
import { clientOf } from '../src/client-address';
import { Upstreams } from '../src/upstream';
import { forward, forwardTarget } from '../src/forward';

/**
 * The gateway's one forward to a service (issue 20 moved it off node:http's client): real
 * servers on both sides, a client that talks raw HTTP where it must see what a browser sees.
 */
interface Seen {
  method?: string;
  url?: string;
  headers: IncomingMessage['headers'];
  body: string;
  closedEarly: boolean;
}

let upstream: Server;
let upstreamUrl: string;
let seen: Seen[] = [];
const behaviours = new Map<string, (req: IncomingMessage, res: http.ServerResponse) => void>();

let gateway: Server;
let gatewayUrl: string;
let upstreams: Upstreams;
let errors: string[] = [];
/** The answer headers each tapped forward's tap was given. */
let tapped: IncomingMessage['headers'][] = [];

const listen = (server: Server) =>
  new Promise<string>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    ),
  );

beforeAll(async () => {
  upstream = http.createServer((req, res) => {
    const record: Seen = {
      method: req.method,
      url: req.url,
      headers: req.headers,
      body: '',
      closedEarly: false,
    };
    seen.push(record);
    res.on('close', () => {
      if (!res.writableFinished) record.closedEarly = true;
    });
    const path = (req.url ?? '').split('?')[0]!;
    const behave = behaviours.get(path);
    if (behave) return behave(req, res);
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (record.body += chunk));
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      res.setHeader('set-cookie', 'service=1');
      res.setHeader('x-service', 'yes');
      res.setHeader('keep-alive', 'timeout=77');
      res.end(JSON.stringify({ length: record.body.length }));
    });
  });
  upstreamUrl = await listen(upstream);
  upstreams = new Upstreams({ connectTimeoutMs: 300, timeoutMs: 400 });

  const app = express();
  app.set('trust proxy', false);
  app.use((req, res, next) => {
    if (req.path !== '/stream') return next();
    forward(req, res, forwardTarget(upstreamUrl), {
      ...upstreams.forStream(upstreamUrl),
      headers: {},
      client: clientOf(req),
      drop: ['cookie'],
      onError: (err) => errors.push(err.message),
    });
  });
  app.use((req, res) => {
    const target = req.headers['x-to'] === 'nowhere' ? 'http://127.0.0.1:9' : upstreamUrl;
    forward(req, res, forwardTarget(`${target}/base`), {
      ...upstreams.forRequests(target),
      headers: { authorization: 'Bearer minted', 'x-request-id': 'r-1' },
      client: clientOf(req),
      drop: ['authorization', 'cookie'],
      onResponse(headers) {
        delete headers['set-cookie'];
      },
      tap: {
        start: (_status, headers) => void tapped.push({ ...headers }),
        data: () => undefined,
        end: () => undefined,
      },
      onError(err) {
        errors.push(err.message);
        if (res.headersSent) return void res.destroy();
        res.status(503).json({ message: 'down' });
      },
    });
  });
  gateway = http.createServer(app);
  gatewayUrl = await listen(gateway);
});

afterAll(async () => {
  upstreams.close();
  await new Promise((resolve) => gateway.close(resolve));
  upstream.closeAllConnections();
  await new Promise((resolve) => upstream.close(resolve));
});

beforeEach(() => {
  seen = [];
  errors = [];
  tapped = [];
  behaviours.clear();
});

describe('forward', () => {
  it('passes method, path and query under the base path, with the caller’s headers', async () => {
    const res = await fetch(`${gatewayUrl}/api/things?a=1&b=%20x`, {
      headers: { cookie: 'tc_session=secret', authorization: 'Bearer forged', 'x-custom': 'kept' },
    });
    expect(res.status).toBe(200);
    const [request] = seen;
    expect(request).toMatchObject({ method: 'GET', url: '/base/api/things?a=1&b=%20x' });
    expect(request!.headers).toMatchObject({
      authorization: 'Bearer minted',
      'x-request-id': 'r-1',
      'x-custom': 'kept',
      host: new URL(upstreamUrl).host,
      'x-forwarded-proto': 'http',
      'x-forwarded-for': '127.0.0.1',
      'x-forwarded-host': new URL(gatewayUrl).host,
    });
    expect(request!.headers.cookie).toBeUndefined();
  });

  it('answers with the service’s status and headers, less set-cookie and hop-by-hop ones', async () => {
    behaviours.set('/base/teapot', (_req, res) => {
      res.writeHead(418, { 'content-type': 'text/plain', 'x-one': 'a', 'set-cookie': ['x=1'] });
      res.end('short and stout');
    });
    const res = await fetch(`${gatewayUrl}/teapot`);
    expect(res.status).toBe(418);
    expect(res.headers.get('x-one')).toBe('a');
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(await res.text()).toBe('short and stout');

    const ok = await fetch(`${gatewayUrl}/plain`);
    expect(ok.headers.get('x-service')).toBe('yes');
    expect(ok.headers.get('set-cookie')).toBeNull();
    // The service's keep-alive hint is of its connection to us, not of ours to the client.
    expect(ok.headers.get('keep-alive')).not.toBe('timeout=77');
  });

  it('keeps what a service addresses to the gateway alone from the client, and shows it to the tap', async () => {
    behaviours.set('/base/vote', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'tc-changed-parts': 'business:3' });
      res.end('{}');
    });
    const res = await fetch(`${gatewayUrl}/vote`, { method: 'POST' });
    expect(res.status).toBe(200);
    expect(res.headers.get('tc-changed-parts')).toBeNull();
    expect(tapped).toEqual([expect.objectContaining({ 'tc-changed-parts': 'business:3' })]);
  });

  it('streams a large request body to the service and its answer back', async () => {
    const body = 'x'.repeat(3 * 1024 * 1024);
    const res = await fetch(`${gatewayUrl}/upload`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body,
    });
    expect(await res.json()).toEqual({ length: body.length });
    expect(seen[0]!.method).toBe('POST');

    const big = 'y'.repeat(2 * 1024 * 1024);
    behaviours.set('/base/download', (_req, res) => res.end(big));
    const down = await fetch(`${gatewayUrl}/download`);
    expect((await down.text()).length).toBe(big.length);
  });

  it('passes a chunked request body on', async () => {
    const answer = await rawRequest(
      'POST /chunked HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n' +
        '5\r\nhello\r\n6\r\n world\r\n0\r\n\r\n',
    );
    expect(answer).toMatch(/^HTTP\/1.1 200/);
    expect(answer).toContain('{"length":11}');
    expect(seen[0]!.body).toBe('hello world');
  });

  it('fails over to the caller when the service is not there', async () => {
    const res = await fetch(`${gatewayUrl}/x`, { headers: { 'x-to': 'nowhere' } });
    expect(res.status).toBe(503);
    expect(errors).toHaveLength(1);
  });

  it('fails the request when the service does not answer in time', async () => {
    behaviours.set('/base/slow', () => undefined);
    const started = Date.now();
    const res = await fetch(`${gatewayUrl}/slow`);
    expect(res.status).toBe(503);
    expect(Date.now() - started).toBeLessThan(2_000);
    await waitFor(() => seen[0]!.closedEarly);
  });

  it('cuts the client’s answer when the service cuts its own short', async () => {
    behaviours.set('/base/cut', (_req, res) => {
      res.writeHead(200, { 'content-length': '100' });
      res.write('only part');
      setTimeout(() => res.destroy(), 50);
    });
    await expect(fetch(`${gatewayUrl}/cut`).then((res) => res.text())).rejects.toThrow();
  });

  it('stops the service’s work when the client goes away', async () => {
    behaviours.set('/base/hang', (_req, res) => res.writeHead(200).write('started'));
    const controller = new AbortController();
    const res = await fetch(`${gatewayUrl}/hang`, { signal: controller.signal });
    expect(res.status).toBe(200);
    controller.abort();
    await waitFor(() => seen[0]?.closedEarly === true);
  });

  it('reports no failure when the client leaves before the service answers', async () => {
    behaviours.set('/base/silent', () => undefined);
    const controller = new AbortController();
    const asked = fetch(`${gatewayUrl}/silent`, { signal: controller.signal }).catch(() => null);
    await waitFor(() => seen.length === 1);
    controller.abort();
    await asked;
    await waitFor(() => seen[0]!.closedEarly);
    expect(errors).toEqual([]);
  });

  it('passes a stream’s events as they are written, with no answer timeout', async () => {
    let write: ((text: string) => void) | undefined;
    behaviours.set('/stream', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.flushHeaders();
      write = (text) => res.write(text);
    });
    const controller = new AbortController();
    const res = await fetch(`${gatewayUrl}/stream`, { signal: controller.signal });
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    // Longer than the ordinary answer timeout (400 ms): a stream has none.
    await new Promise((resolve) => setTimeout(resolve, 600));
    write!('data: one\n\n');
    expect(decoder.decode((await reader.read()).value)).toBe('data: one\n\n');
    write!('data: two\n\n');
    expect(decoder.decode((await reader.read()).value)).toBe('data: two\n\n');
    controller.abort();
    await waitFor(() => seen[0]?.closedEarly === true);
    expect(errors).toEqual([]);
  });
});

async function waitFor(check: () => boolean, ms = 2_000): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function rawRequest(text: string): Promise<string> {
  const { port } = new URL(gatewayUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1');
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
    socket.write(text);
  });
}
