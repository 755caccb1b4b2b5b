import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { ExpressInstrumentation } from '@opentelemetry/instrumentation-express';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { tracingConfigured, type Env } from './env';

/** The operational endpoints: probed every few seconds, never worth a trace. */
const UNTRACED_PATHS = new Set(['/livez', '/healthz', '/readyz', '/metrics']);

let provider: TracerProvider | null = null;

function numberFrom(value: string | undefined, fallback: number): number {
  const parsed = Number(value);
  return value && Number.isFinite(parsed) && parsed >= 0 ? parsed : fallback;
}

/**
 * Starts the OpenTelemetry trace SDK: W3C trace context, http (server and client), express and
 * pg instrumentation, batched OTLP/HTTP (JSON) export. Must run before http, express and pg are
 * first required, which is why main.ts imports `@trustcircle/service-kit/tracing` first.
 */
export function startTracing(serviceName: string, env: Env = process.env): boolean {
  if (provider || !tracingConfigured(env)) return false;
  registerInstrumentations({
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (req) => UNTRACED_PATHS.has((req.url ?? '').split('?')[0]!),
      }),
      // Route and handler spans; one span per middleware would only be noise.
      new ExpressInstrumentation({ ignoreLayersType: ['middleware' as never] }),
      // Queries outside a request or event (pollers, LISTEN) would each start a trace.
      new PgInstrumentation({ requireParentSpan: true }),
    ],
  });
  provider = new TracerProvider({
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
