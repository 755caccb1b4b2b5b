import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { Registry } from 'prom-client';
import { createHttpApp } from './http-app';

async function addressSeen(trustProxy?: string): Promise<unknown> {
  const app = createHttpApp({
    logger: pino({ level: 'silent' }),
    registry: new Registry(),
    trustProxy,
    routes: (a) => a.get('/ip', (req, res) => res.json({ ip: req.ip })),
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    const port = (server.address() as AddressInfo).port;
    const res = await fetch(`http://127.0.0.1:${port}/ip`, {
      headers: { 'x-forwarded-for': '203.0.113.7' },
    });
    return ((await res.json()) as { ip: unknown }).ip;
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

describe('trust proxy', () => {
  it('believes no X-Forwarded-For by default, even from loopback', async () => {
    expect(await addressSeen()).toBe('127.0.0.1');
  });

  it('believes it from a proxy it is told to trust', async () => {
    expect(await addressSeen('loopback')).toBe('203.0.113.7');
  });
});
