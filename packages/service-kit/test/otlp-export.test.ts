import { execFile } from 'node:child_process';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const dist = path.resolve(__dirname, '..', 'dist', 'src', 'tracing');

/**
 * The export a process starts with by default: a real node process loading tracing the way
 * every main.ts does (the exporter's dynamic imports do not run under jest's module sandbox),
 * posting to a real HTTP sink here.
 */
describe('the OTLP export of a process', () => {
  const posts: { url?: string; headers: IncomingHttpHeaders; body: Buffer }[] = [];
  const sink = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      posts.push({ url: req.url, headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(200, { 'content-type': String(req.headers['content-type']) }).end();
    });
  });

  beforeAll(() => new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve)));
  afterAll(() => new Promise<void>((resolve) => sink.close(() => resolve())));

  /** One span named `name`, flushed before the process exits. */
  async function exportOne(name: string, env: Record<string, string> = {}) {
    const { port } = sink.address() as AddressInfo;
    const script = `
      require(${JSON.stringify(path.join(dist, 'register.js'))});
      const { ROOT_CONTEXT } = require('@opentelemetry/api');
      const { inSpan, flushTracing } = require(${JSON.stringify(path.join(dist, 'context.js'))});
      inSpan(${JSON.stringify(name)}, { parent: ROOT_CONTEXT, kind: 'producer' }, async () => {})
        .then(flushTracing)
        .then(() => process.exit(0), (err) => { console.error(err); process.exit(1); });`;
    await run(process.execPath, ['-e', script], {
      cwd: path.resolve(__dirname, '..'),
      env: {
        PATH: process.env.PATH,
        OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}`,
        OTEL_SERVICE_NAME: 'otlp-export-test',
        ...env,
      },
      timeout: 20_000,
    });
    return posts.find((post) => post.body.includes(name));
  }

  it('posts protobuf by default', async () => {
    const post = await exportOne('checkout-basket-span');
    expect(post).toBeDefined();
    expect(post!.url).toBe('/v1/traces');
    expect(post!.headers['content-type']).toBe('application/x-protobuf');
    // Protobuf carries strings as raw UTF-8 (the names are in the body); JSON would start `{`.
    expect(post!.body.includes('otlp-export-test')).toBe(true);
    expect(post!.body[0]).not.toBe('{'.charCodeAt(0));
  });

  it('posts JSON when OTEL_EXPORTER_OTLP_PROTOCOL says http/json', async () => {
    const post = await exportOne('json-basket-span', { OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json' });
    expect(post!.headers['content-type']).toBe('application/json');
    const body = JSON.parse(post!.body.toString('utf8'));
    expect(body.resourceSpans[0].scopeSpans[0].spans[0].name).toBe('json-basket-span');
  });
});
