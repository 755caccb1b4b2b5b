import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { Registry } from 'prom-client';
import { createHttpApp } from './http-app';

describe('http metrics', () => {
  it('counts a long-lived answer (an event stream) but leaves it out of the latency', async () => {
    const registry = new Registry();
    const app = createHttpApp({
      logger: pino({ level: 'silent' }),
      registry,
      routes(app) {
        app.get('/quick', (_req, res) => {
          res.json({});
        });
        app.get('/stream', (_req, res) => {
          res.locals.longLived = true;
          res.type('text/event-stream').end(': bye\n\n');
        });
      },
    });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      await (await fetch(`${url}/quick`)).text();
      await (await fetch(`${url}/stream`)).text();
      await new Promise((resolve) => setTimeout(resolve, 50));
      const text = await registry.metrics();
      const lines = (name: string, route: string) =>
        text.split('\n').filter((l) => l.startsWith(name) && l.includes(`route="${route}"`));
      expect(lines('http_requests_total', '/stream')).toHaveLength(1);
      expect(lines('http_request_duration_seconds_count', '/stream')).toHaveLength(0);
      expect(lines('http_request_duration_seconds_count', '/quick')).toHaveLength(1);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
