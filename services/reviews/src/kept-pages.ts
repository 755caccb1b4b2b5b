import {
  KeptWhileUnchanged,
  keptReadsMetrics,
  type ServiceContext,
} from '@trustcircle/service-kit';
import type { ReviewsConfig } from './config';
import { sizeOfPage, type KeptBusinessPages } from './domain/business-pages';

/** The longest a page is kept when no write is heard: a safety net, notices are the rule. */
const KEPT_PAGE_TTL_MS = 60_000;

/**
 * Businesses' first pages kept while reviews is unchanged (domain/business-pages.ts), with their
 * hit rate and size as metrics (docs/operations.md); none with `KEPT_PAGES_MB=0`.
 */
export function createKeptPages(ctx: ServiceContext<ReviewsConfig>): KeptBusinessPages | undefined {
  if (ctx.config.KEPT_PAGES_MB <= 0) return undefined;
  const kept: KeptBusinessPages = new KeptWhileUnchanged({
    service: ctx.name,
    maxSize: ctx.config.KEPT_PAGES_MB * 1024 * 1024,
    sizeOf: sizeOfPage,
    ttlMs: KEPT_PAGE_TTL_MS,
  });
  keptReadsMetrics(
    kept,
    ctx.registry,
    {
      reads: 'reviews_kept_page_reads_total',
      held: 'reviews_kept_pages',
      bytes: 'reviews_kept_pages_bytes',
    },
    "businesses' first pages of reviews",
  );
  return kept;
}
