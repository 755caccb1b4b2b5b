import { BUSINESS_SCOPE, scopedChangesMigration, type ScopedTable } from '@trustcircle/service-kit';
import { businessOfReview } from './017_scoped_change_notices';

/**
 * A report and a keyed helpful toggle were announced as the whole service: each ended every
 * kept page of reviews, here and in every gateway, so anyone could empty them all at the rate
 * their write limits allow by reporting reviews or sending an `Idempotency-Key`. Both rows
 * belong to one review: they are announced for its business, as its votes are (017).
 */
export const REPORT_AND_KEY_TABLES: readonly ScopedTable[] = [
  { table: 'review_reports', scope: BUSINESS_SCOPE, keyOf: businessOfReview },
  { table: 'vote_keys', scope: BUSINESS_SCOPE, keyOf: businessOfReview },
];

export const createScopedReportsAndVoteKeys = scopedChangesMigration(
  '018_scoped_reports_and_vote_keys',
  REPORT_AND_KEY_TABLES,
);
