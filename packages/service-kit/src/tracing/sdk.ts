import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter as OtlpJsonExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { OTLPTraceExporter as OtlpProtobufExporter } from '@opentelemetry/exporter-trace-otlp-proto';
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
import { enableServerSpans } from './server-span';
import { enableSqlSpans } from './sql-span';
import { otlpProtocol, samplerFromEnv, tracingConfigured, type Env } from './env';

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
 * Starts the OpenTelemetry trace SDK: W3C trace context, batched OTLP/HTTP export (protobuf
 * unless `OTEL_EXPORTER_OTLP_PROTOCOL` says `http/json`).
 * Requests get their SERVER span from service-kit's own `serverSpans` (http-app) and pass the
 * trace on with `traceHeaders`; SQL statements get theirs from `traceQueries` (db.ts) when
 * sampled. No instrumentation patches a module: the http, express and pg ones cost a third of
 * a request's CPU, sampled or not (docs/performance.md "Tracing overhead"). main.ts still
 * imports `@trustcircle/service-kit/tracing` first, so the provider exists before any span.
 */
export function startTracing(serviceName: string, env: Env = process.env): boolean {
  if (provider || !tracingConfigured(env)) return false;
  provider = new TracerProvider({
    sampler: sampler(env),
    resource: resourceFromAttributes({
      'service.name': serviceName,
      'service.instance.id': `${process.pid}`,
    }),
    spanProcessors: [
      new BatchSpanProcessor({
        exporter:
          otlpProtocol(env) === 'http/json' ? new OtlpJsonExporter() : new OtlpProtobufExporter(),
        scheduledDelayMillis: numberFrom(env.OTEL_BSP_SCHEDULE_DELAY, 5000),
        maxQueueSize: numberFrom(env.OTEL_BSP_MAX_QUEUE_SIZE, 2048),
      }),
    ],
  });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  enableServerSpans();
  enableSqlSpans();
  return true;
}
