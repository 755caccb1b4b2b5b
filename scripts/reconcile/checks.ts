import { CATALOG_CHECKS } from './catalog.ts';
import { COMMUNITIES_CHECKS } from './communities.ts';
import type { Check } from './engine.ts';
import { OWNER_CHECKS } from './owners.ts';
import { REVIEWS_CHECKS } from './reviews.ts';
import { SOCIAL_CHECKS } from './social.ts';

/**
 * Every check, in repair order: reviews' own counters first (catalog's and communities'
 * projections copy them), then each service's projections; scores last, over repaired facts.
 */
export const ALL_CHECKS: readonly Check[] = [
  ...REVIEWS_CHECKS,
  ...COMMUNITIES_CHECKS,
  ...SOCIAL_CHECKS,
  ...OWNER_CHECKS,
  ...CATALOG_CHECKS,
];
