import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { Registry } from 'prom-client';
import { JwtVerifier, signToken } from './auth';
import { generateSigningKey } from './jwt-keys';
import { createServiceApp } from './service-app';

describe('createServiceApp', () => {
  const { signingKey, jwks } = generateSigningKey();
  const base = { name: 'demo', logger: pino({ level: 'silent' }), registry: new Registry() };

  it("checks the bearer token before the service's routes: anonymous, signed in or 401", async () => {
    const app = createServiceApp({ ...base, verifier: new JwtVerifier(jwks) }, (app) => {
      app.get('/who', (req, res) => {
        res.json({ userId: req.auth?.userId ?? null });
      });
    });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/who`;
    try {
      expect(await (await fetch(url)).json()).toEqual({ userId: null });
      const token = signToken(signingKey, 'user', '42', 60);
      const signedIn = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
      expect(await signedIn.json()).toEqual({ userId: 42 });
      const forged = await fetch(url, { headers: { authorization: 'Bearer not-a-token' } });
      expect(forged.status).toBe(401);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('refuses a service that verifies no tokens', () => {
    expect(() => createServiceApp({ ...base, verifier: null }, () => undefined)).toThrow(
      /verifies no tokens/,
    );
  });
});
