import { BaseServiceEnvSchema, configFields } from '@trustcircle/service-kit';
import { z } from 'zod';

const positiveInt = (fallback: number) => z.coerce.number().int().min(1).default(fallback);
const bool = (fallback: 'true' | 'false' | 'auto') =>
  z.enum(['true', 'false', 'auto']).default(fallback);

export const GatewayEnvSchema = BaseServiceEnvSchema.extend({
  IDENTITY_URL: configFields.url('http://127.0.0.1:4001'),
  COMMUNITIES_URL: configFields.url('http://127.0.0.1:4002'),
  CATALOG_URL: configFields.url('http://127.0.0.1:4003'),
  REVIEWS_URL: configFields.url('http://127.0.0.1:4004'),
  /** The ES256 private key (PEM), inline or as a file; development generates one. */
  JWT_PRIVATE_KEY: z.string().optional(),
  JWT_PRIVATE_KEY_FILE: z.string().optional(),
  JWT_KID: z.string().min(1).optional(),
  DEV_KEYS_DIR: z.string().default('.data/keys'),
  SESSION_IDLE_TTL_HOURS: positiveInt(7 * 24),
  SESSION_ABSOLUTE_TTL_HOURS: positiveInt(30 * 24),
  SESSION_CACHE_TTL_MS: z.coerce.number().int().min(0).default(5000),
  /** `auto`: Secure cookies (and the `__Host-` prefix) in production. */
  COOKIE_SECURE: bool('auto'),
  /** Extra origins allowed to send state-changing requests, comma-separated. */
  PUBLIC_ORIGINS: z.string().default(''),
  RATE_LIMIT_WINDOW_SECONDS: positiveInt(15 * 60),
  LOGIN_LIMIT_PER_IP: positiveInt(50),
  LOGIN_FAILURES_PER_ACCOUNT: positiveInt(10),
  REGISTER_LIMIT_PER_IP: positiveInt(20),
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
});
export type GatewayConfig = z.output<typeof GatewayEnvSchema>;
