import { BaseServiceEnvSchema } from '@trustcircle/service-kit';
import { z } from 'zod';
import { BURST_MIN_REVIEWS, FLAG_HOURS } from './domain/burst';

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
  /**
   * The burst rule's minimum of reviews in 24 hours (docs/security.md). A bulk import of
   * history through the API (the demo seed) looks like a burst everywhere: raise it for that.
   */
  UNUSUAL_ACTIVITY_MIN_REVIEWS: z.coerce.number().int().min(1).default(BURST_MIN_REVIEWS),
  /** A business's unusual-activity flag clears after this long if moderators have not. */
  UNUSUAL_ACTIVITY_FLAG_HOURS: z.coerce.number().min(0.001).default(FLAG_HOURS),
  /** How often expired unusual-activity flags are cleared. */
  ACTIVITY_SWEEP_INTERVAL_MS: z.coerce
    .number()
    .int()
    .min(100)
    .default(5 * 60_000),
});
export type ReviewsConfig = z.output<typeof ReviewsEnvSchema>;
