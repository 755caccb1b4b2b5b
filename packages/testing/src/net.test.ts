import net from 'node:net';
import { freePort } from './net';

test('hands out distinct bindable ports below the ephemeral range, in this worker’s slice', async () => {
  const ports = await Promise.all(Array.from({ length: 20 }, () => freePort()));
  expect(new Set(ports).size).toBe(20);
  const worker = Number(process.env.JEST_WORKER_ID ?? 1);
  const from = 20_000 + ((worker - 1) % 4) * 3_000;
  for (const port of ports) {
    expect(port).toBeGreaterThanOrEqual(from);
    expect(port).toBeLessThan(from + 3_000);
  }
  // Each one can be bound right away.
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(ports[0], '127.0.0.1', resolve));
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
