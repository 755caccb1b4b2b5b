import { BaseServiceEnvSchema, configFields } from '@trustcircle/service-kit';
import { z } from 'zod';

export const IdentityEnvSchema = BaseServiceEnvSchema.extend({
  /** `sandbox` (development; tokens `CLR-` + 6..64 letters/digits) or `http` (a real provider). */
  VERIFICATION_PROVIDER: z.enum(['sandbox', 'http']).default('sandbox'),
  VERIFICATION_URL: configFields.url().optional(),
  VERIFICATION_TIMEOUT_MS: z.coerce.number().int().min(100).default(3000),
}).refine((env) => env.VERIFICATION_PROVIDER !== 'http' || env.VERIFICATION_URL, {
  message: 'is required when VERIFICATION_PROVIDER=http',
  path: ['VERIFICATION_URL'],
});
export type IdentityConfig = z.output<typeof IdentityEnvSchema>;
