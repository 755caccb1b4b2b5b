/**
 * Imported first by every process's main.ts (`import '@trustcircle/service-kit/tracing'`):
 * starts tracing before http, express and pg load, when OTEL_EXPORTER_OTLP_ENDPOINT is set.
 * Otherwise the SDK is not even loaded: tracing off costs nothing.
 */
import { processServiceName, tracingConfigured } from './env';
import type { startTracing as StartTracing } from './sdk';

if (tracingConfigured()) {
  // A static import would load the SDK whether tracing is on or not.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { startTracing } = require('./sdk') as { startTracing: typeof StartTracing };
  startTracing(processServiceName());
}
