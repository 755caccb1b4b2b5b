import http, { type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { clientOf, plainClientOf } from './client-address';

/**
 * A plain read's client address (plain-reads.ts) must be what Express would have answered for
 * the same request, whatever `trust proxy` says: X-Forwarded-For and -Proto believed only from
 * trusted peers.
 */
async function both(trust: false | string, headers: Record<string, string>) {
  const app = express();
  app.set('trust proxy', trust);
  const plain = plainClientOf(app);
  let seen: unknown;
  app.get('/', (req, res) => {
    seen = { plain: plain(req), express: clientOf(req) };
    res.end();
  });
  const server: Server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    await fetch(`http://127.0.0.1:${port}/`, { headers });
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
  return seen as { plain: unknown; express: unknown };
}

describe('plainClientOf', () => {
  const forged = { 'x-forwarded-for': '203.0.113.9, 10.0.0.1', 'x-forwarded-proto': 'https' };

  it.each([
    ['trusting nobody', false as const, forged],
    ['trusting the loopback peer', 'loopback', forged],
    ['trusting the loopback peer, one proto value', 'loopback', { 'x-forwarded-proto': 'https' }],
    ['trusting another network', '10.0.0.0/8', forged],
    ['trusting the loopback peer, no headers', 'loopback', {}],
  ])('answers as Express does, %s', async (_name, trust, headers) => {
    const { plain, express: viaExpress } = await both(trust, headers);
    expect(plain).toEqual(viaExpress);
  });

  it('believes a forwarded address only from a trusted peer', async () => {
    expect((await both(false, forged)).plain).toEqual({ ip: '127.0.0.1', protocol: 'http' });
    expect((await both('loopback', forged)).plain).toEqual({ ip: '10.0.0.1', protocol: 'https' });
  });
});
