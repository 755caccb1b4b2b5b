import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import type { TLSSocket } from 'node:tls';
import type { Express, Request } from 'express';
import proxyaddr from 'proxy-addr';
import { ipKeyGenerator } from 'express-rate-limit';
import { z } from 'zod';
import type { ClientAddress } from './forward';

/** proxy-addr's named ranges, for operators who mean exactly those. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function validEntry(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

/**
 * `TRUST_PROXY` → Express's `trust proxy`. Empty trusts nobody, so a client-sent
 * `X-Forwarded-For` is ignored; `true` (trust everyone) is refused on purpose.
 */
export const trustProxySetting = z
  .string()
  .default('')
  .transform((raw, ctx): false | number | string => {
    const value = raw.trim();
    if (value === '' || value === 'false' || value === '0') return false;
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value.split(',').map((entry) => entry.trim());
    const bad = entries.filter((entry) => !validEntry(entry));
    if (bad.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `expected a hop count or addresses/CIDRs, got ${bad.join(', ')}`,
      });
      return z.NEVER;
    }
    return entries.join(', ');
  });

/**
 * The address a limit is keyed on: `req.ip` (the socket peer unless TRUST_PROXY vouches for
 * it), IPv6 reduced to its /56 network so one host cannot rotate through its own addresses.
 */
export const clientKey = (req: Request): string => ipKeyGenerator(req.ip ?? 'unknown');

/** The client's address and scheme of a request Express answers (`trust proxy` applied). */
export const clientOf = (req: Request): ClientAddress => ({
  ip: req.ip ?? req.socket.remoteAddress ?? '',
  protocol: req.protocol,
});

/**
 * The same for a request answered without Express, with `app`'s `trust proxy`: what Express's
 * `req.ip` (proxy-addr over X-Forwarded-For) and `req.protocol` (X-Forwarded-Proto's first
 * value from a trusted peer, else the socket's) would answer.
 */
export function plainClientOf(app: Express): (req: IncomingMessage) => ClientAddress {
  const trust = app.get('trust proxy fn') as (address: string, hop: number) => boolean;
  return (req) => {
    const own = (req.socket as TLSSocket).encrypted ? 'https' : 'http';
    let protocol = own;
    if (trust(req.socket.remoteAddress ?? '', 0)) {
      const header = req.headers['x-forwarded-proto'];
      const first = (typeof header === 'string' && header) || own;
      const comma = first.indexOf(',');
      protocol = (comma === -1 ? first : first.slice(0, comma)).trim();
    }
    return { ip: proxyaddr(req, trust), protocol };
  };
}
