import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A real HTTP verification provider for the tests, written from the protocol in
 * docs/security.md ("Verification"), not from identity's client code. Tokens steer it:
 *   `person:<id>[:<anything>]` verified as person <id>;  `refuse` → not verified;
 *   `slow` → answers after `slowMs`;  `flaky:<id>` → a 503 first, then verified;
 *   `down` → always 502;  `badsig:<id>` → a wrongly signed answer;
 *   `replay:<id>` → a correctly signed answer to another request (wrong nonce).
 */
export interface VerificationProvider {
  url: string;
  /** The secret it expects requests to be signed with and signs answers with. */
  secret: string;
  /** Requests per token, whether or not they were accepted. */
  calls: Map<string, number>;
  /** Requests refused for a missing or wrong signature. */
  unsigned: number;
  slowMs: number;
  close(): Promise<void>;
}

export const PROVIDER_VERIFIED_AT = '2026-03-14T09:26:53.000Z';

const hmac = (secret: string, timestamp: string, body: string) =>
  `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export async function startVerificationProvider(secret: string): Promise<VerificationProvider> {
  const provider: VerificationProvider = {
    url: '',
    secret,
    calls: new Map(),
    unsigned: 0,
    slowMs: 0,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const timestamp = String(req.headers['x-verification-timestamp'] ?? '');
      const given = String(req.headers['x-verification-signature'] ?? '');
      const { token, nonce } = JSON.parse(raw || '{}') as { token?: string; nonce?: string };
      const key = token ?? '';
      provider.calls.set(key, (provider.calls.get(key) ?? 0) + 1);
      if (!given || !sameText(hmac(provider.secret, timestamp, raw), given)) {
        provider.unsigned += 1;
        res.writeHead(401, { 'content-type': 'application/json' });
        res.end('{"error":"bad signature"}');
        return;
      }

      const answer = (body: object, options: { nonce?: string; signWith?: string } = {}) => {
        const text = JSON.stringify({ nonce: options.nonce ?? nonce, ...body });
        const now = String(Math.floor(Date.now() / 1000));
        res.writeHead(200, {
          'content-type': 'application/json',
          'x-verification-timestamp': now,
          'x-verification-signature': hmac(options.signWith ?? provider.secret, now, text),
        });
        res.end(text);
      };
      const [kind, id] = key.split(':');
      const verified = {
        verified: true,
        verificationId: `person-${id}`,
        verifiedAt: PROVIDER_VERIFIED_AT,
      };
      if (kind === 'person') return answer(verified);
      if (kind === 'refuse') return answer({ verified: false });
      if (kind === 'slow') {
        setTimeout(() => answer(verified), provider.slowMs).unref();
        return;
      }
      if (kind === 'flaky' && provider.calls.get(key) === 1) {
        res.writeHead(503).end();
        return;
      }
      if (kind === 'flaky') return answer(verified);
      if (kind === 'badsig') return answer(verified, { signWith: 'not-the-shared-secret' });
      if (kind === 'replay') return answer(verified, { nonce: 'an-older-request' });
      res.writeHead(502).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  provider.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/verify`;
  return provider;
}
