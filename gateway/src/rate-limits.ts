import { rateLimit, ipKeyGenerator, type Options } from 'express-rate-limit';
import type { Request, RequestHandler } from 'express';

export interface RateLimitSettings {
  windowSeconds: number;
  loginPerIp: number;
  loginFailuresPerAccount: number;
  registerPerIp: number;
}

function limiter(options: Partial<Options> & { message: string }): RequestHandler {
  return rateLimit({
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    ...options,
    handler: (req, res) => {
      const reset = (req as Request & { rateLimit?: { resetTime?: Date } }).rateLimit?.resetTime;
      const seconds = reset ? Math.max(1, Math.ceil((reset.getTime() - Date.now()) / 1000)) : 60;
      res.set('Retry-After', String(seconds));
      const minutes = Math.ceil(seconds / 60);
      res.status(429).json({
        message: `${options.message} Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      });
    },
  });
}

const clientIp = (req: Request) => ipKeyGenerator(req.ip ?? 'unknown');

/**
 * Login is limited per IP (all attempts) and per account (failures only), so guessing one
 * password from many addresses or many passwords from one address both stop.
 */
export function createRateLimits(settings: RateLimitSettings) {
  const windowMs = settings.windowSeconds * 1000;
  return {
    loginPerIp: limiter({
      windowMs,
      limit: settings.loginPerIp,
      keyGenerator: clientIp,
      message: 'Too many sign-in attempts.',
    }),
    loginPerAccount: limiter({
      windowMs,
      limit: settings.loginFailuresPerAccount,
      skipSuccessfulRequests: true,
      keyGenerator: (req) => {
        const username = (req.body as { username?: unknown } | undefined)?.username;
        return typeof username === 'string' && username.trim()
          ? `account:${username.trim().toLowerCase()}`
          : `ip:${clientIp(req)}`;
      },
      message: 'Too many failed sign-in attempts for this account.',
    }),
    registerPerIp: limiter({
      windowMs,
      limit: settings.registerPerIp,
      keyGenerator: clientIp,
      message: 'Too many sign-up attempts.',
    }),
  };
}
