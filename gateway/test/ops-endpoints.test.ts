import type { TestStack } from '@trustcircle/testing';
import { startSignInStack } from './support';

let stack: TestStack;

beforeAll(async () => {
  stack = await startSignInStack({});
});

afterAll(async () => {
  await stack?.stop();
});

const OPS = ['/livez', '/healthz', '/readyz', '/metrics'];

describe('operational endpoints (design §11)', () => {
  it('are never answered on the public port', async () => {
    for (const path of [...OPS, '/metrics/', '/readyz?full=1']) {
      const res = await stack.client().get(path);
      expect([path, res.status, res.body]).toEqual([path, 404, { message: 'Not found' }]);
    }
  });

  it('are answered on the ops port', async () => {
    const opsUrl = stack.running.get('gateway')!.opsUrl;
    expect(opsUrl).not.toBe(stack.gatewayUrl);
    for (const path of OPS) {
      const res = await fetch(`${opsUrl}${path}`);
      expect([path, res.status]).toEqual([path, 200]);
    }
    const ready = await (await fetch(`${opsUrl}/readyz`)).json();
    expect(ready).toEqual({ status: 'ready', checks: { postgres: 'ok' } });
    const metrics = await (await fetch(`${opsUrl}/metrics`)).text();
    expect(metrics).toContain('http_requests_total');
    expect(metrics).toContain('http_request_duration_seconds_bucket');
    // The ops port is nothing else: no API, no pages.
    expect((await fetch(`${opsUrl}/api/user`)).status).toBe(404);
  });
});
