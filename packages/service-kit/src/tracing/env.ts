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

export type SamplerChoice =
  | { root: 'always_on' | 'always_off'; parentBased: boolean }
  | { root: 'traceidratio'; ratio: number; parentBased: boolean };

const SAMPLERS = new Set(['always_on', 'always_off', 'traceidratio']);

/**
 * `OTEL_TRACES_SAMPLER` and `OTEL_TRACES_SAMPLER_ARG` as the OpenTelemetry spec defines them:
 * the trace SDK of 3.x no longer reads them itself. Unknown names fall back to the spec's default,
 * parentbased_always_on; a ratio outside 0..1 to 1.
 */
export function samplerFromEnv(env: Env = process.env): SamplerChoice {
  const name = (env.OTEL_TRACES_SAMPLER ?? '').trim().toLowerCase();
  const parentBased = name === '' || name.startsWith('parentbased_');
  const root = parentBased ? name.slice('parentbased_'.length) : name;
  if (!SAMPLERS.has(root)) return { root: 'always_on', parentBased: true };
  if (root !== 'traceidratio') return { root: root as 'always_on' | 'always_off', parentBased };
  const ratio = Number(env.OTEL_TRACES_SAMPLER_ARG);
  const valid = env.OTEL_TRACES_SAMPLER_ARG !== undefined && ratio >= 0 && ratio <= 1;
  return { root, ratio: valid ? ratio : 1, parentBased };
}

export type OtlpProtocol = 'http/protobuf' | 'http/json';

/**
 * `OTEL_EXPORTER_OTLP_TRACES_PROTOCOL`, else `OTEL_EXPORTER_OTLP_PROTOCOL`, else the spec's
 * default `http/protobuf`: half the bytes of JSON and half its encoding CPU per span
 * (docs/performance.md, "Tracing overhead"). gRPC is not offered: anything else is protobuf.
 */
export function otlpProtocol(env: Env = process.env): OtlpProtocol {
  const name = (env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ?? env.OTEL_EXPORTER_OTLP_PROTOCOL ?? '')
    .trim()
    .toLowerCase();
  return name === 'http/json' ? 'http/json' : 'http/protobuf';
}
