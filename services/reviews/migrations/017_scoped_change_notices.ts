import { BUSINESS_SCOPE, scopedChangesMigration } from '@trustcircle/service-kit';

/** The reviews' business, for the tables whose rows belong to one review. */
const businessOfReview = '(select r.business_id from reviews r where r.id = $row.review_id)';

/**
 * The tables a business's page of reviews is read from, announced per business (issue 20): a
 * business's kept first page (domain/business-pages.ts, and the gateway's kept answers of it)
 * outlives votes and reviews on other businesses. What else a page shows (its authors' and
 * groups' names, the reply's owner) comes from tables announced as the whole service, which end
 * every kept page.
 */
export const createScopedChangeNotices = scopedChangesMigration('017_scoped_change_notices', [
  { table: 'reviews', scope: BUSINESS_SCOPE, keyOf: '$row.business_id' },
  { table: 'helpful_votes', scope: BUSINESS_SCOPE, keyOf: businessOfReview },
  { table: 'review_tags', scope: BUSINESS_SCOPE, keyOf: businessOfReview },
  { table: 'review_replies', scope: BUSINESS_SCOPE, keyOf: businessOfReview },
  // The business's name on its cards (catalog's, projected).
  { table: 'businesses', scope: BUSINESS_SCOPE, keyOf: '$row.id' },
]);
