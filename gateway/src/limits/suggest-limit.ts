import type { Request, RequestHandler } from 'express';
import type { GatewayConfig } from '../config';
import type { Limiter } from './limiter';

export interface SuggestLimitSettings {
  perAccount: number;
  perIp: number;
  windowSeconds: number;
}

export function suggestLimitFromConfig(config: GatewayConfig): SuggestLimitSettings {
  return {
    perAccount: config.SUGGEST_LIMIT_PER_ACCOUNT * config.LIMITS_SCALE,
    perIp: config.SUGGEST_LIMIT_PER_IP * config.LIMITS_SCALE,
    windowSeconds: config.SUGGEST_LIMIT_WINDOW_SECONDS,
  };
}

const MESSAGE = 'You are searching faster than we allow.';

/**
 * `GET /api/search/suggest` is the one read with a limit: each call fans out to three services,
 * so one client typing through a script could multiply its load by three. A member spends on
 * their account's counter (members behind one office address keep their own budgets); a
 * visitor on their client address's. Same shared counters and 429 as the write limits.
 */
export function suggestLimit(deps: {
  limiter: Limiter;
  settings: SuggestLimitSettings;
  clientKey: (req: Request) => string;
}): RequestHandler {
  const { perAccount, perIp, windowSeconds } = deps.settings;
  return async (req, _res, next) => {
    const userId = req.tcSession?.userId ?? null;
    await deps.limiter.spend([
      userId !== null
        ? { key: `r:suggest:a:${userId}`, limit: perAccount, windowSeconds, message: MESSAGE }
        : {
            key: `r:suggest:ip:${deps.clientKey(req)}`,
            limit: perIp,
            windowSeconds,
            message: MESSAGE,
          },
    ]);
    next();
  };
}
