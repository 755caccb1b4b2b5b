import type { BackgroundWorker, Knex, Logger } from '@trustcircle/service-kit';
import { clientKey } from '../client-address';
import type { GatewayConfig } from '../config';
import { createRateLimits } from '../rate-limits';
import { coalescedCounters } from '../store/coalesced-counters';
import { knexCountersStore } from '../store/counters-store';
import { knexDevicesStore } from '../store/devices-store';
import { Limiter } from './limiter';
import { SignInGuard } from './sign-in';
import { suggestLimit, suggestLimitFromConfig } from './suggest-limit';
import { TrustedDevices } from './trusted-devices';
import { writeLimits, writeLimitsFromConfig } from './write-limits';

const SWEEP_MS = 10 * 60_000;

/** Every limit of the gateway, on counters in Postgres shared by all replicas. */
export function createGatewayLimits(
  db: Knex,
  config: GatewayConfig,
  logger: Logger,
  secureCookies: boolean,
) {
  const counters = coalescedCounters(knexCountersStore(db));
  const devicesStore = knexDevicesStore(db);
  const limiter = new Limiter(counters);
  const scale = config.LIMITS_SCALE;
  const sessionLimits = createRateLimits(
    limiter,
    {
      windowSeconds: config.RATE_LIMIT_WINDOW_SECONDS,
      loginPerIp: config.LOGIN_LIMIT_PER_IP * scale,
      // Guessing budgets are never scaled: they guard passwords, not capacity.
      loginFailuresPerAccount: config.LOGIN_FAILURES_PER_ACCOUNT,
      loginFailuresPerDevice: config.LOGIN_FAILURES_PER_DEVICE,
      registerPerIp: config.REGISTER_LIMIT_PER_IP * scale,
    },
    clientKey,
  );
  let sweeper: NodeJS.Timeout | null = null;
  const worker: BackgroundWorker = {
    name: 'expired-limit-sweeper',
    start() {
      sweeper = setInterval(() => {
        Promise.all([counters.deleteExpired(), devicesStore.deleteExpired()]).catch(
          (err: unknown) => logger.warn({ err }, 'limit counter sweep failed'),
        );
      }, SWEEP_MS);
      sweeper.unref();
    },
    async stop() {
      if (sweeper) clearInterval(sweeper);
    },
  };
  const devices = new TrustedDevices(devicesStore, {
    ttlDays: config.DEVICE_COOKIE_TTL_DAYS,
    secure: secureCookies,
  });
  return {
    sessionLimits,
    signIn: new SignInGuard(sessionLimits, devices),
    writes: writeLimits({ limiter, limits: writeLimitsFromConfig(config), clientKey }),
    suggest: suggestLimit({ limiter, settings: suggestLimitFromConfig(config), clientKey }),
    worker,
  };
}
