import { BaseServiceEnvSchema, devOnlySwitch, refuseInProduction } from '@trustcircle/service-kit';
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
   * The most pixels (width × height) one photo may have, read from its header before any
   * decoding: 50 megapixels takes a 48 or 50 MP phone camera's full output (8064 × 6048,
   * 8160 × 6120) and bounds one decode at about 0.3–0.7 s of one core.
   */
  PHOTO_MAX_PIXELS: z.coerce.number().int().min(1).default(50_000_000),
  /** Photo decodes running at once in this process (docs/security.md, "Photos"). */
  PHOTO_DECODE_CONCURRENCY: z.coerce.number().int().min(1).default(1),
  /** libvips threads per decode; 0 is libvips' default. */
  PHOTO_DECODE_THREADS: z.coerce.number().int().min(0).default(1),
  /**
   * Nice value of the image worker threads (Linux; 0 leaves them alone): under CPU contention
   * the scheduler then favours requests over decoding.
   */
  PHOTO_DECODE_NICE: z.coerce.number().int().min(0).max(19).default(10),
  /** Uploads waiting for a decode turn at once; one more is refused with 503. */
  PHOTO_DECODE_QUEUE: z.coerce.number().int().min(0).default(20),
  /**
   * An upload that still needs a decode turn this long after its decoding began is refused
   * with 503: kept well under the gateway's UPSTREAM_TIMEOUT_MS, so the caller hears why.
   */
  PHOTO_DECODE_WAIT_MS: z.coerce.number().int().min(0).default(4000),
  /** Photos one account keeps, attached or not yet swept. */
  PHOTO_QUOTA_COUNT: z.coerce.number().int().min(1).default(500),
  /** Bytes of photos (as stored) one account keeps. */
  PHOTO_QUOTA_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(512 * 1024 * 1024),
  /** How often helpful-toggle idempotency keys past their 24 hours are deleted. */
  VOTE_KEY_SWEEP_INTERVAL_MS: z.coerce
    .number()
    .int()
    .min(100)
    .default(60 * 60_000),
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
  /**
   * Memory for businesses' first pages of reviews kept while reviews is unchanged (the composed
   * business page's half; domain/business-pages.ts); 0 reads every page whole.
   */
  KEPT_PAGES_MB: z.coerce.number().min(0).max(256).default(32),
  /**
   * Development only: `POST /api/reviews` may carry X-Review-Written-At, the date the demo seed
   * gives a review (a year of history). Refused with NODE_ENV=production: backdating would let
   * anyone who reaches this service forge a review's age, which trust scores weigh.
   */
  ALLOW_BACKDATED_REVIEWS: devOnlySwitch(),
}).superRefine(refuseInProduction(['ALLOW_BACKDATED_REVIEWS']));
export type ReviewsConfig = z.output<typeof ReviewsEnvSchema>;
