import type { IncomingMessage, ServerResponse } from 'node:http';
import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BatchSpanProcessor,
  ParentBasedSampler,
  TraceIdRatioBasedSampler,
  TracerProvider,
  type Sampler,
} from '@opentelemetry/sdk-trace';
import { routeTemplate } from '../route-template';
import { samplerFromEnv, tracingConfigured, type Env } from './env';

/** The operational endpoints: probed every few seconds, never worth a trace. */
const UNTRACED_PATHS = new Set(['/livez', '/healthz', '/readyz', '/metrics']);

let provider: TracerProvider | null = null;

function numberFrom(value: string | undefined, fallback: number): number {
  const parsed = Number(value);
  return value && Number.isFinite(parsed) && parsed >= 0 ? parsed : fallback;
}

function sampler(env: Env): Sampler {
  const choice = samplerFromEnv(env);
  const root =
    choice.root === 'traceidratio'
      ? new TraceIdRatioBasedSampler(choice.ratio)
      : choice.root === 'always_off'
        ? new AlwaysOffSampler()
        : new AlwaysOnSampler();
  return choice.parentBased ? new ParentBasedSampler({ root }) : root;
}

/**
 * Starts the OpenTelemetry trace SDK: W3C trace context, http (server and client) and pg
 * instrumentation, batched OTLP/HTTP (JSON) export. No express instrumentation: it wraps every
 * router layer and cost about 130 µs of CPU per request (docs/performance.md); the server span
 * gets its route name from the template the metrics use, once per request. Must run before http,
 * express and pg are first required, which is why main.ts imports `@trustcircle/service-kit/tracing` first.
 */
export function startTracing(serviceName: string, env: Env = process.env): boolean {
  if (provider || !tracingConfigured(env)) return false;
  registerInstrumentations({
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (req) => UNTRACED_PATHS.has((req.url ?? '').split('?')[0]!),
        // Called just before the span ends, when express has matched the route.
        applyCustomAttributesOnSpan: (span, request, response) => {
          if (!('writeHead' in response)) return; // a client span: no route
          const route = routeTemplate(request as IncomingMessage, response as ServerResponse);
          if (!route) return;
          span.updateName(`${(request as IncomingMessage).method ?? 'GET'} ${route}`);
          span.setAttribute('http.route', route);
        },
      }),
      // Queries outside a request or event (pollers, LISTEN) would each start a trace.
      new PgInstrumentation({ requireParentSpan: true }),
    ],
  });
  provider = new TracerProvider({
    sampler: sampler(env),
    resource: resourceFromAttributes({
      'service.name': serviceName,
      'service.instance.id': `${process.pid}`,
    }),
    spanProcessors: [
      new BatchSpanProcessor({
        exporter: new OTLPTraceExporter(),
        scheduledDelayMillis: numberFrom(env.OTEL_BSP_SCHEDULE_DELAY, 5000),
        maxQueueSize: numberFrom(env.OTEL_BSP_MAX_QUEUE_SIZE, 2048),
      }),
    ],
  });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  return true;
}
