import { readFileSync } from 'node:fs';
import path from 'node:path';

export type Env = Record<string, string | undefined>;

/** Tracing runs only where an OTLP endpoint is configured; otherwise nothing is loaded or patched. */
export function tracingConfigured(env: Env = process.env): boolean {
  return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);
}

/**
 * `@trustcircle/gateway` → `gateway`: the deployable's package name, read beside its entry
 * script, so every process names itself without one more setting per deployment.
 */
export function processServiceName(env: Env = process.env, entry = process.argv[1]): string {
  if (env.OTEL_SERVICE_NAME) return env.OTEL_SERVICE_NAME;
  for (let dir = path.dirname(entry ?? '.'); ; dir = path.dirname(dir)) {
    try {
      const { name } = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
        name?: string;
      };
      if (name) return name.replace(/^@[^/]+\//, '');
    } catch {
      // no package.json here: look one level up
    }
    if (path.dirname(dir) === dir) return 'unknown_service:node';
  }
}
