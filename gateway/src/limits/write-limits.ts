import { HttpError } from '@trustcircle/service-kit';
import type { Request, RequestHandler } from 'express';
import type { GatewayConfig } from '../config';
import type { Budget, Limiter } from './limiter';
import {
  WRITE_LIMIT_MESSAGES,
  WRITE_LIMIT_NAMES,
  writeLimitFor,
  type WriteLimitName,
  type WriteLimits,
} from './write-rules';

/** The configured write limits, each multiplied by LIMITS_SCALE. */
export function writeLimitsFromConfig(config: GatewayConfig): WriteLimits {
  const scale = config.LIMITS_SCALE;
  return Object.fromEntries(
    WRITE_LIMIT_NAMES.map((name) => [
      name,
      {
        perAccount: config[`LIMIT_${name}_PER_ACCOUNT`] * scale,
        perIp: config[`LIMIT_${name}_PER_IP`] * scale,
        windowSeconds: config[`LIMIT_${name}_WINDOW_SECONDS`],
      },
    ]),
  ) as WriteLimits;
}

function budgets(
  name: WriteLimitName,
  limits: WriteLimits,
  who: { userId: number | null; ip: string },
  points = 1,
): Budget[] {
  const { perAccount, perIp, windowSeconds } = limits[name];
  const message = WRITE_LIMIT_MESSAGES[name];
  const own: Budget[] = [
    { key: `w:${name}:ip:${who.ip}`, limit: perIp, windowSeconds, points, message },
  ];
  if (who.userId !== null) {
    own.push({
      key: `w:${name}:a:${who.userId}`,
      limit: perAccount,
      windowSeconds,
      points,
      message,
    });
  }
  return own;
}

/** Multipart bodies are streamed to reviews; their declared size is what the budget spends. */
function declaredBytes(req: Request): number {
  const length = Number(req.headers['content-length']);
  if (!req.headers['content-length'] || !Number.isSafeInteger(length) || length < 0) {
    throw new HttpError(411, 'Photo uploads need a Content-Length header');
  }
  return length;
}

/**
 * Every write under `/api` spends on its limit, per account (when signed in) and per client
 * address, in one round trip to the shared counters; reads never touch them.
 */
export function writeLimits(deps: {
  limiter: Limiter;
  limits: WriteLimits;
  clientKey: (req: Request) => string;
}): RequestHandler {
  return async (req, _res, next) => {
    const name = writeLimitFor(req.method, req.path);
    if (!name) return next();
    const who = { userId: req.tcSession?.userId ?? null, ip: deps.clientKey(req) };
    const spend = budgets(name, deps.limits, who);
    if (name === 'PHOTOS')
      spend.push(...budgets('PHOTO_BYTES', deps.limits, who, declaredBytes(req)));
    await deps.limiter.spend(spend);
    next();
  };
}
