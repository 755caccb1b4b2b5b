import { BaseServiceEnvSchema } from '@trustcircle/service-kit';
import { z } from 'zod';

export const CatalogEnvSchema = BaseServiceEnvSchema.extend({
  /** Trending counts the reviews of this many last days (spec: "reviews this week"). */
  TRENDING_DAYS: z.coerce.number().int().min(1).max(90).default(7),
  /** Trigram word-similarity threshold for typo-tolerant search (pg_trgm, 0..1). */
  SEARCH_SIMILARITY: z.coerce.number().min(0.1).max(1).default(0.45),
  /** A search's answer is reused this long (0: never); see domain/businesses.ts. */
  SEARCH_CACHE_SECONDS: z.coerce.number().min(0).max(300).default(10),
  /** Trending's answer is reused this long (0: never); see domain/businesses.ts. */
  TRENDING_CACHE_SECONDS: z.coerce.number().min(0).max(300).default(10),
});
export type CatalogConfig = z.output<typeof CatalogEnvSchema>;
