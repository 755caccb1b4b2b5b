import { BUSINESS_SCOPE, scopedChangesMigration, type ScopedTable } from '@trustcircle/service-kit';

/** The reviews' business, for the tables whose rows belong to one review. */
export const businessOfReview = '(select r.business_id from reviews r where r.id = $row.review_id)';

/**
 * The tables whose rows are of one business, announced per business (issue 20): those a
 * business's page of reviews is read from, and its moderation. A business's kept first page
 * (domain/business-pages.ts, and the gateway's kept answers of it) outlives votes, reviews and
 * moderation on other businesses. What else a page shows (its authors' and groups' names, the
 * reply's owner) comes from tables announced as the whole service, which end every kept page.
 */
export const REVIEW_BUSINESS_TABLES: readonly ScopedTable[] = [
  { table: 'reviews', scope: BUSINESS_SCOPE, keyOf: '$row.business_id' },
  { table: 'helpful_votes', scope: BUSINESS_SCOPE, keyOf: businessOfReview },
  { table: 'review_tags', scope: BUSINESS_SCOPE, keyOf: businessOfReview },
  { table: 'review_replies', scope: BUSINESS_SCOPE, keyOf: businessOfReview },
  // The business's name on its cards (catalog's, projected).
  { table: 'businesses', scope: BUSINESS_SCOPE, keyOf: '$row.id' },
  // Moderation of the business's reviews: a held review's own row changes too, but a queued
  // review, its log and the business's unusual activity are of this business alone.
  { table: 'moderation_queue', scope: BUSINESS_SCOPE, keyOf: '$row.business_id' },
  { table: 'moderation_log', scope: BUSINESS_SCOPE, keyOf: '$row.business_id' },
  { table: 'unusual_activity', scope: BUSINESS_SCOPE, keyOf: '$row.business_id' },
];

export const createScopedChangeNotices = scopedChangesMigration(
  '017_scoped_change_notices',
  REVIEW_BUSINESS_TABLES,
);
