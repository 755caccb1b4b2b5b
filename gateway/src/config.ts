import {
  BaseServiceEnvSchema,
  configFields,
  devOnlySwitch,
  refuseInProduction,
} from '@trustcircle/service-kit';
import { z } from 'zod';
import { trustProxySetting } from './client-address';
import { WRITE_LIMIT_DEFAULTS, type LimitDefault } from './limits/write-rules';

const positiveInt = (fallback: number) => z.coerce.number().int().min(1).default(fallback);
type LimitEnvKey<N extends string> =
  `LIMIT_${N}_PER_ACCOUNT` | `LIMIT_${N}_PER_IP` | `LIMIT_${N}_WINDOW_SECONDS`;

/** `LIMIT_<NAME>_PER_ACCOUNT|PER_IP|WINDOW_SECONDS` for every write limit. */
function limitEnvFields<N extends string>(defaults: Record<N, LimitDefault>) {
  const fields = {} as Record<LimitEnvKey<N>, ReturnType<typeof positiveInt>>;
  for (const [name, limit] of Object.entries(defaults) as [N, LimitDefault][]) {
    fields[`LIMIT_${name}_PER_ACCOUNT`] = positiveInt(limit.perAccount);
    fields[`LIMIT_${name}_PER_IP`] = positiveInt(limit.perIp);
    fields[`LIMIT_${name}_WINDOW_SECONDS`] = positiveInt(limit.windowSeconds);
  }
  return fields;
}

const bool = (fallback: 'true' | 'false' | 'auto') =>
  z.enum(['true', 'false', 'auto']).default(fallback);

export const GatewayEnvSchema = BaseServiceEnvSchema.extend({
  IDENTITY_URL: configFields.url('http://127.0.0.1:4001'),
  COMMUNITIES_URL: configFields.url('http://127.0.0.1:4002'),
  CATALOG_URL: configFields.url('http://127.0.0.1:4003'),
  REVIEWS_URL: configFields.url('http://127.0.0.1:4004'),
  SOCIAL_URL: configFields.url('http://127.0.0.1:4005'),
  /** The ES256 private key (PEM), inline or as a file; development generates one. */
  JWT_PRIVATE_KEY: z.string().optional(),
  JWT_PRIVATE_KEY_FILE: z.string().optional(),
  JWT_KID: z.string().min(1).optional(),
  DEV_KEYS_DIR: z.string().default('.data/keys'),
  SESSION_IDLE_TTL_HOURS: positiveInt(7 * 24),
  SESSION_ABSOLUTE_TTL_HOURS: positiveInt(30 * 24),
  SESSION_CACHE_TTL_MS: z.coerce.number().int().min(0).default(5000),
  /**
   * Services' reads and writes (proxied to a service) and the composed business page skip
   * Express's router (lanes.ts). `false` sends them through the router like everything else:
   * a switch for operators, and the test's way to compare both paths' answers.
   */
  LANES: z.enum(['true', 'false']).default('true'),
  /**
   * Hot reads answered from memory while their services announce no write (kept-answers.ts).
   * `false` asks the service every time.
   */
  KEPT_ANSWERS: z.enum(['true', 'false']).default('true'),
  /** The longest an answer is kept even when no write is heard (time-ranked lists move). */
  KEPT_ANSWERS_TTL_MS: positiveInt(10_000),
  /**
   * The same for a list whose order never moves with age (newest first): only an unannounced
   * write could leave it behind, the bound reviews' own kept pages have.
   */
  KEPT_ANSWERS_AGELESS_TTL_MS: positiveInt(60_000),
  /**
   * Bound on the kept bodies. 64: L's 2,000 groups' first pages (about 60 MB) fit, where 32 MB
   * loaded half of their reads again (docs/performance.md, "Twenty-ninth session").
   */
  KEPT_ANSWERS_MAX_MB: positiveInt(64),
  /** `auto`: Secure cookies (and the `__Host-` prefix) in production. */
  COOKIE_SECURE: bool('auto'),
  /** Extra origins allowed to send state-changing requests, comma-separated. */
  PUBLIC_ORIGINS: z.string().default(''),
  /**
   * Whose `X-Forwarded-For` to believe: empty (nobody, the default), a hop count, or
   * comma-separated addresses/CIDRs of our own proxies (docs/operations.md).
   */
  TRUST_PROXY: trustProxySetting,
  /** Window of the sign-in and sign-up limits below. */
  RATE_LIMIT_WINDOW_SECONDS: positiveInt(15 * 60),
  LOGIN_LIMIT_PER_IP: positiveInt(50),
  /** Failed sign-ins per account from browsers without its device cookie (together). */
  LOGIN_FAILURES_PER_ACCOUNT: positiveInt(10),
  /** Failed sign-ins per device cookie: a browser that signed in before keeps its own. */
  LOGIN_FAILURES_PER_DEVICE: positiveInt(10),
  DEVICE_COOKIE_TTL_DAYS: positiveInt(180),
  REGISTER_LIMIT_PER_IP: positiveInt(20),
  ...limitEnvFields(WRITE_LIMIT_DEFAULTS),
  /**
   * `GET /api/search/suggest` (three searches per call): per member, or per client address for
   * visitors. A debounced top bar sends a few a second at most while someone types.
   */
  SUGGEST_LIMIT_PER_ACCOUNT: positiveInt(300),
  SUGGEST_LIMIT_PER_IP: positiveInt(600),
  SUGGEST_LIMIT_WINDOW_SECONDS: positiveInt(5 * 60),
  /**
   * Multiplies every write, suggestion, sign-up and per-IP sign-in limit (not the failed sign-in budgets):
   * for seeding or load tests from one address.
   */
  LIMITS_SCALE: positiveInt(1),
  UPSTREAM_CONNECT_TIMEOUT_MS: positiveInt(1500),
  UPSTREAM_TIMEOUT_MS: positiveInt(10_000),
  BODY_LIMIT_BYTES: positiveInt(1024 * 1024),
  /** The shell's static server: every page path that is not the API goes there. */
  SHELL_URL: configFields.url().optional(),
  /** The remotes' static servers, behind `/mfe/groups/*` and `/mfe/business/*`. */
  GROUPS_MFE_URL: configFields.url().optional(),
  BUSINESS_MFE_URL: configFields.url().optional(),
  /** What `/mfe/config.json` tells the shell (design §7): each remote's mf-manifest.json. */
  GROUPS_MANIFEST_URL: z.string().min(1).default('/mfe/groups/mf-manifest.json'),
  BUSINESS_MANIFEST_URL: z.string().min(1).default('/mfe/business/mf-manifest.json'),
  /**
   * Development only: pass a client's X-Review-Written-At on to reviews (the demo seed's year of
   * history; reviews needs its own ALLOW_BACKDATED_REVIEWS too). Off, the header is dropped
   * before any service sees it; NODE_ENV=production refuses it on.
   */
  ALLOW_BACKDATED_REVIEWS: devOnlySwitch(),
}).superRefine(refuseInProduction(['ALLOW_BACKDATED_REVIEWS']));
export type GatewayConfig = z.output<typeof GatewayEnvSchema>;
