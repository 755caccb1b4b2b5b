import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import {
  AlwaysOnSampler,
  InMemorySpanExporter,
  ParentBasedSampler,
  SimpleSpanProcessor,
  TracerProvider,
  type Sampler,
} from '@opentelemetry/sdk-trace';
import pino from 'pino';
import { Registry } from 'prom-client';
import { createHttpApp, plainRequestsOf, traceHeaders } from '../src';
import { enableServerSpans } from '../src/tracing/server-span';

/**
 * With tracing on, a read whose trace the sampler does not keep is still answered without
 * Express (the gateway's plain lane), carrying the decision on to the service it calls; a
 * sampled one is left to Express, which records its one SERVER span.
 */
describe('the plain lane with tracing on', () => {
  const exporter = new InMemorySpanExporter();
  // Parent-based, as production runs: the caller's `traceparent` flag decides, deterministically.
  const parentBased = new ParentBasedSampler({ root: new AlwaysOnSampler() });
  let decisions = 0;
  const sampler: Sampler = {
    shouldSample: (...args) => {
      decisions += 1;
      return parentBased.shouldSample(...args);
    },
    toString: () => 'counted',
  };
  const provider = new TracerProvider({
    sampler,
    spanProcessors: [new SimpleSpanProcessor({ exporter })],
  });
  let server: Server;
  let url: string;

  beforeAll(async () => {
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
    propagation.setGlobalPropagator(new W3CTraceContextPropagator());
    trace.setGlobalTracerProvider(provider);
    enableServerSpans();
    const app = createHttpApp({
      logger: pino({ level: 'silent' }),
      registry: new Registry(),
      routes: (express) =>
        express.get('/read', (_req, res) => {
          res.json({ lane: 'express', passedOn: traceHeaders() });
        }),
    });
    const plain = plainRequestsOf(app);
    const answerPlainly = (res: ServerResponse, id: string) => {
      res.writeHead(200, { 'content-type': 'application/json', 'x-plain-id': id });
      // What a forward would send the service: read inside the request's trace.
      res.end(JSON.stringify({ lane: 'plain', passedOn: traceHeaders() }));
    };
    server = createServer((req, res) => {
      if (!plain.accepts(req)) return app(req, res);
      plain.within(req, () => answerPlainly(res, plain.begin(req, res, '/read')));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/read`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await provider.shutdown();
  });
  beforeEach(() => {
    exporter.reset();
    decisions = 0;
  });

  const TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
  const read = async (flags: '00' | '01') => {
    const res = await fetch(url, {
      headers: { traceparent: `00-${TRACE}-00f067aa0ba902b7-${flags}` },
    });
    await provider.forceFlush();
    return (await res.json()) as { lane: string; passedOn: Record<string, string> };
  };

  it('answers an unsampled read plainly, passing the decision on and recording nothing', async () => {
    const answer = await read('00');
    expect(answer.lane).toBe('plain');
    expect(answer.passedOn.traceparent).toMatch(new RegExp(`^00-${TRACE}-[0-9a-f]{16}-00$`));
    expect(exporter.getFinishedSpans()).toHaveLength(0);
    expect(decisions).toBe(1);
  });

  it('leaves a sampled read to Express, which records one SERVER span under the same trace', async () => {
    const answer = await read('01');
    expect(answer.lane).toBe('express');
    expect(answer.passedOn.traceparent).toMatch(new RegExp(`^00-${TRACE}-[0-9a-f]{16}-01$`));
    const spans = exporter.getFinishedSpans();
    expect(spans.map((span) => span.name)).toEqual(['GET /read']);
    expect(answer.passedOn.traceparent).toContain(spans[0]!.spanContext().spanId);
    // The span whose decision sent it to Express is the one Express recorded: sampled once.
    expect(decisions).toBe(1);
  });
});
