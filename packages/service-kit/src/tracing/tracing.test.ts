import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { activeTraceCarrier, activeTraceIds, contextFromCarrier, inSpan } from './context';
import { otlpProtocol, processServiceName, samplerFromEnv, tracingConfigured } from './env';

describe('tracing settings', () => {
  test('on only with an OTLP endpoint', () => {
    expect(tracingConfigured({})).toBe(false);
    expect(tracingConfigured({ OTEL_EXPORTER_OTLP_ENDPOINT: '' })).toBe(false);
    expect(tracingConfigured({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toBe(true);
    expect(tracingConfigured({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://c/v1/traces' })).toBe(
      true,
    );
  });

  test('exports protobuf unless the protocol setting asks for JSON', () => {
    expect(otlpProtocol({})).toBe('http/protobuf');
    expect(otlpProtocol({ OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json' })).toBe('http/json');
    // The traces-only setting wins over the general one, as the spec says.
    expect(
      otlpProtocol({
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
        OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: 'http/protobuf',
      }),
    ).toBe('http/protobuf');
    expect(otlpProtocol({ OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: ' HTTP/JSON ' })).toBe('http/json');
    expect(otlpProtocol({ OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' })).toBe('http/protobuf');
  });

  test('the sampler follows OTEL_TRACES_SAMPLER and its argument, as the spec defines them', () => {
    expect(samplerFromEnv({})).toEqual({ root: 'always_on', parentBased: true });
    expect(
      samplerFromEnv({
        OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
        OTEL_TRACES_SAMPLER_ARG: '0.1',
      }),
    ).toEqual({ root: 'traceidratio', ratio: 0.1, parentBased: true });
    expect(samplerFromEnv({ OTEL_TRACES_SAMPLER: 'always_off' })).toEqual({
      root: 'always_off',
      parentBased: false,
    });
    // Out of range or missing: the whole trace is kept rather than a guess.
    expect(
      samplerFromEnv({ OTEL_TRACES_SAMPLER: 'traceidratio', OTEL_TRACES_SAMPLER_ARG: '7' }),
    ).toEqual({ root: 'traceidratio', ratio: 1, parentBased: false });
    expect(samplerFromEnv({ OTEL_TRACES_SAMPLER: 'jaeger_remote' })).toEqual({
      root: 'always_on',
      parentBased: true,
    });
  });

  test('a process is named after the package its entry script belongs to', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'tc-tracing-'));
    try {
      mkdirSync(path.join(root, 'dist/src'), { recursive: true });
      writeFileSync(
        path.join(root, 'package.json'),
        JSON.stringify({ name: '@trustcircle/reviews' }),
      );
      const entry = path.join(root, 'dist/src/main.js');
      expect(processServiceName({}, entry)).toBe('reviews');
      expect(processServiceName({ OTEL_SERVICE_NAME: 'reviews-canary' }, entry)).toBe(
        'reviews-canary',
      );
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('with tracing off (no SDK registered)', () => {
  test('nothing is stored with an event and log lines get no ids', async () => {
    expect(activeTraceCarrier()).toBeNull();
    expect(activeTraceIds()).toEqual({});
    await expect(
      inSpan('process x', { parent: contextFromCarrier(null), kind: 'consumer' }, async () => 42),
    ).resolves.toBe(42);
  });
});
