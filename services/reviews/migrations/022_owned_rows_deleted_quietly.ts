import { scopedChangesMigration, type ScopedTable } from '@trustcircle/service-kit';
import { REVIEW_BUSINESS_TABLES } from './017_scoped_change_notices';
import { REPORT_AND_KEY_TABLES } from './018_scoped_reports_and_vote_keys';

/**
 * A review's votes, tags, reply, reports and vote keys find their business through the review
 * (017, 018). Deleted with it, they found none and each announced the whole of reviews: every
 * review its author deleted ended every kept page of reviews, here and in every gateway. They
 * are now announced as owned rows (service-kit `ScopedTable.owned`): the review's own deletion
 * announces its business.
 */
export const OWNED_BY_REVIEW: ReadonlySet<string> = new Set([
  'helpful_votes',
  'review_tags',
  'review_replies',
  'review_reports',
  'vote_keys',
]);

/** Every table reviews announces by business, as they are announced from this migration on. */
export const BUSINESS_TABLES: readonly ScopedTable[] = [
  ...REVIEW_BUSINESS_TABLES,
  ...REPORT_AND_KEY_TABLES,
].map((table) => (OWNED_BY_REVIEW.has(table.table) ? { ...table, owned: true } : table));

export const announceOwnedRows = scopedChangesMigration(
  '022_owned_rows_deleted_quietly',
  BUSINESS_TABLES.filter((table) => table.owned),
);
