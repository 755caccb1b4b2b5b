import { BaseServiceEnvSchema } from '@trustcircle/service-kit';
import { z } from 'zod';

export const ReviewsEnvSchema = BaseServiceEnvSchema.extend({
  /** Uploaded photos no review uses are deleted after this long. */
  PHOTO_ORPHAN_TTL_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(24 * 60),
  /** How often the photo sweeper runs. */
  PHOTO_SWEEP_INTERVAL_MS: z.coerce
    .number()
    .int()
    .min(100)
    .default(10 * 60_000),
  /**
   * Projections follow other services' events a few milliseconds behind. A review naming a
   * business or group reviews has not heard of yet waits up to this long for it before it is
   * refused (a user who has just joined a group and writes at once).
   */
  PROJECTION_WAIT_MS: z.coerce.number().int().min(0).default(1500),
});
export type ReviewsConfig = z.output<typeof ReviewsEnvSchema>;
