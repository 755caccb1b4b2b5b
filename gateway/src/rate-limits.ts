import type { Request, RequestHandler } from 'express';
import type { Budget, Limiter } from './limits/limiter';

export interface RateLimitSettings {
  windowSeconds: number;
  loginPerIp: number;
  loginFailuresPerAccount: number;
  loginFailuresPerDevice: number;
  registerPerIp: number;
}

/**
 * The session routes' budgets on the shared counters: sign-ups and sign-in attempts per client
 * address, failed sign-ins per account and per trusted device (limits/sign-in.ts).
 */
export function createRateLimits(
  limiter: Limiter,
  settings: RateLimitSettings,
  clientKey: (req: Request) => string,
) {
  const budget = (key: string, limit: number, message: string): Budget => ({
    key,
    limit,
    windowSeconds: settings.windowSeconds,
    message,
  });
  const failures = 'Too many failed sign-in attempts for this account.';
  return {
    limiter,
    registerPerIp: (async (req, _res, next) => {
      const key = `register:ip:${clientKey(req)}`;
      await limiter.spend([budget(key, settings.registerPerIp, 'Too many sign-up attempts.')]);
      next();
    }) satisfies RequestHandler,
    loginPerIp: (req: Request) =>
      budget(`login:ip:${clientKey(req)}`, settings.loginPerIp, 'Too many sign-in attempts.'),
    /** Failures of every browser without this account's device cookie, together. */
    accountFailures: (account: string) =>
      budget(`login-fail:a:${account}`, settings.loginFailuresPerAccount, failures),
    /** Failures of one trusted browser, its own budget. */
    deviceFailures: (deviceIdHash: string) =>
      budget(`login-fail:d:${deviceIdHash}`, settings.loginFailuresPerDevice, failures),
  };
}
export type RateLimits = ReturnType<typeof createRateLimits>;
