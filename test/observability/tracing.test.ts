/**
 * Issue 21: one POST /api/reviews is one trace across the platform's processes. The platform runs
 * as real processes (test/chaos/cluster.ts: private Postgres and NATS, the launcher's supervisor)
 * exporting OTLP/HTTP JSON to a receiver in this test; the trace must hold the gateway's server
 * span, the reviews service's span with its SQL, the relay's publish span, and the catalog and
 * communities consumers' spans, and the same trace id must be in those processes' log lines.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { gunzipSync } from 'node:zlib';
import type { Cluster } from '../chaos/cluster.ts';
import { FORGED_TRACE_ID, startPlatform, type ObservedPlatform } from './platform.ts';

jest.setTimeout(240_000);

interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
}
interface Span {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  kind: number;
  attributes: Record<string, string>;
}
const SERVER = 2;

/** An OTLP/HTTP receiver (JSON encoding): every span posted to /v1/traces, flattened. */
class OtlpReceiver {
  readonly spans: Span[] = [];
  private readonly server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      let body = Buffer.concat(chunks);
      if (req.headers['content-encoding'] === 'gzip') body = gunzipSync(body);
      if (req.method === 'POST' && req.url === '/v1/traces') this.collect(JSON.parse(String(body)));
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });

  private collect(payload: {
    resourceSpans?: {
      resource?: { attributes?: { key: string; value: OtlpValue }[] };
      scopeSpans?: {
        spans?: (Omit<Span, 'service' | 'attributes'> & {
          attributes?: { key: string; value: OtlpValue }[];
        })[];
      }[];
    }[];
  }): void {
    const flat = (attributes: { key: string; value: OtlpValue }[] = []) =>
      Object.fromEntries(
        attributes.map(({ key, value }) => [
          key,
          String(value.stringValue ?? value.intValue ?? ''),
        ]),
      );
    for (const resourceSpans of payload.resourceSpans ?? []) {
      const service = flat(resourceSpans.resource?.attributes)['service.name'] ?? '?';
      for (const scope of resourceSpans.scopeSpans ?? []) {
        for (const span of scope.spans ?? []) {
          this.spans.push({ ...span, service, attributes: flat(span.attributes) });
        }
      }
    }
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

const receiver = new OtlpReceiver();
let platform: ObservedPlatform;
let cluster: Cluster;
/** The temporary directory (processes.log) is kept when the test did not pass. */
let passed = false;

beforeAll(async () => {
  const endpoint = await receiver.start();
  platform = await startPlatform({
    OTEL_EXPORTER_OTLP_ENDPOINT: endpoint,
    OTEL_BSP_SCHEDULE_DELAY: '200',
    // JSON, to read the spans here; the default protobuf export has its own test
    // (service-kit tracing/otlp-export.test.ts).
    OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
    // Successful requests and applied events are logged at debug.
    LOG_LEVEL: 'debug',
  });
  cluster = platform.cluster;
});

afterAll(async () => {
  await cluster?.stop(!passed);
  if (!passed && cluster) {
    writeFileSync(path.join(cluster.dir, 'spans.json'), JSON.stringify(receiver.spans, null, 1));
    process.stdout.write(`kept ${cluster.dir} (processes.log, spans.json)\n`);
  }
  await receiver.stop();
});

function isReviewPost(span: Span): boolean {
  const values = Object.values(span.attributes);
  return (
    span.service === 'gateway' &&
    span.kind === SERVER &&
    values.includes('POST') &&
    // The created one (a 409 "projection on its way" may come first and be sent again).
    (span.attributes['http.status_code'] ?? span.attributes['http.response.status_code']) ===
      '201' &&
    values.some((value) => /(^|\/\/[^/]+)\/api\/reviews$/.test(value))
  );
}

/** Lines of processes.log carrying `traceId`, by the process that wrote them. */
function processesLoggingTrace(traceId: string): Set<string> {
  const lines = readFileSync(cluster.logFile, 'utf8').split('\n');
  return new Set(
    lines
      .filter((line) => line.includes(`"trace_id":"${traceId}"`))
      .map((line) => line.split(/\s+\|/)[0]!.trim()),
  );
}

test('one POST /api/reviews is one trace through gateway, reviews, relay and consumers', async () => {
  const res = await platform.review(
    'Traced from the gateway through the outbox to every consumer that counts it.',
  );
  expect([res.status, res.text]).toEqual([201, expect.any(String)]);

  const wanted: Record<string, (span: Span) => boolean> = {
    'gateway server span': isReviewPost,
    // Named by its route template (express matched it), as the metrics label it.
    'reviews server span': (s) =>
      s.service === 'reviews' &&
      s.kind === SERVER &&
      s.name === 'POST /api/reviews' &&
      s.attributes['http.route'] === '/api/reviews',
    'reviews SQL span': (s) =>
      s.service === 'reviews' &&
      (s.attributes['db.system'] ?? s.attributes['db.system.name']) === 'postgresql' &&
      /insert into/i.test(`${s.attributes['db.statement']} ${s.attributes['db.query.text']}`),
    'relay publish span': (s) =>
      s.service === 'reviews' && s.name === 'publish reviews.review.created',
    'catalog consumer span': (s) =>
      s.service === 'catalog' && s.name === 'process reviews.review.created',
    'communities consumer span': (s) =>
      s.service === 'communities' && s.name === 'process reviews.review.created',
    'social consumer span': (s) =>
      s.service === 'social' && s.name === 'process reviews.review.created',
  };
  let trace: Span[] = [];
  let missing: string[] = Object.keys(wanted);
  for (let waited = 0; waited < 20_000 && missing.length > 0; waited += 200) {
    await sleep(200);
    const root = receiver.spans.find(isReviewPost);
    if (!root) continue;
    trace = receiver.spans.filter((span) => span.traceId === root.traceId);
    missing = Object.entries(wanted)
      .filter(([, matches]) => !trace.some(matches))
      .map(([name]) => name);
  }
  expect(missing).toEqual([]);

  // The gateway started it: the client's forged traceparent was not joined.
  expect(trace.find(isReviewPost)!.traceId).not.toBe(FORGED_TRACE_ID);
  // One trace: every span but the gateway's root has its parent in it.
  const ids = new Set(trace.map((span) => span.spanId));
  const orphans = trace.filter((span) => span.parentSpanId && !ids.has(span.parentSpanId));
  expect(orphans.map((span) => `${span.service} ${span.name}`)).toEqual([]);
  const rootSpan = trace.find(isReviewPost)!;
  expect(rootSpan.parentSpanId || '').toBe('');

  const traceId = rootSpan.traceId;
  let logged = new Set<string>();
  for (let waited = 0; waited < 5000; waited += 200) {
    logged = processesLoggingTrace(traceId);
    if (['gateway', 'reviews', 'catalog', 'communities'].every((name) => logged.has(name))) break;
    await sleep(200);
  }
  expect([...logged].filter((name) => name !== 'gateway-2').sort()).toEqual(
    expect.arrayContaining(['catalog', 'communities', 'reviews']),
  );
  expect(logged.has('gateway') || logged.has('gateway-2')).toBe(true);
  passed = true;
});
