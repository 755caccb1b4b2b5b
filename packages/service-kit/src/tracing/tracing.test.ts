import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { activeTraceCarrier, activeTraceIds, contextFromCarrier, inSpan } from './context';
import { processServiceName, tracingConfigured } from './env';

describe('tracing settings', () => {
  test('on only with an OTLP endpoint', () => {
    expect(tracingConfigured({})).toBe(false);
    expect(tracingConfigured({ OTEL_EXPORTER_OTLP_ENDPOINT: '' })).toBe(false);
    expect(tracingConfigured({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toBe(true);
    expect(tracingConfigured({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://c/v1/traces' })).toBe(
      true,
    );
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
