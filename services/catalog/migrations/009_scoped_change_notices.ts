import { BUSINESS_SCOPE, scopedChangesMigration, type ScopedTable } from '@trustcircle/service-kit';

/**
 * The tables a business's detail is read from, announced per business (issue 20): the gateway
 * keeps one copy of each business for every visitor (the composed page's catalog half), and a
 * review or vote on another business no longer ends it. Group names, owners, categories and
 * authors are announced as the whole service.
 */
export const BUSINESS_DETAIL_TABLES: readonly ScopedTable[] = [
  { table: 'businesses', scope: BUSINESS_SCOPE, keyOf: '$row.id' },
  { table: 'business_group_scores', scope: BUSINESS_SCOPE, keyOf: '$row.business_id' },
  { table: 'business_activity', scope: BUSINESS_SCOPE, keyOf: '$row.business_id' },
  { table: 'review_facts', scope: BUSINESS_SCOPE, keyOf: '$row.business_id' },
];

export const announceBusinessChanges = scopedChangesMigration(
  '009_scoped_change_notices',
  BUSINESS_DETAIL_TABLES,
);
