import {
  announceChanges,
  announceScopedChanges,
  type Knex,
  type Migration,
  type ScopedTable,
} from '@trustcircle/service-kit';

/** The reviews' business, for the tables whose rows belong to one review. */
const businessOfReview = '(select r.business_id from reviews r where r.id = $row.review_id)';

/**
 * The tables a business's page of reviews is read from, announced per business (issue 20): a
 * business's kept first page (domain/business-pages.ts) outlives votes and reviews on other
 * businesses. What else a page shows (its authors' and groups' names, the reply's owner) comes
 * from tables announced as the whole service, which end every kept page.
 */
export const BUSINESS_SCOPED_TABLES: ScopedTable[] = [
  { table: 'reviews', scope: 'business', keyOf: '$row.business_id' },
  { table: 'helpful_votes', scope: 'business', keyOf: businessOfReview },
  { table: 'review_tags', scope: 'business', keyOf: businessOfReview },
  { table: 'review_replies', scope: 'business', keyOf: businessOfReview },
  // The business's name on its cards (catalog's, projected).
  { table: 'businesses', scope: 'business', keyOf: '$row.id' },
];

export const createScopedChangeNotices: Migration = {
  name: '017_scoped_change_notices',
  async up(db: Knex) {
    const [{ schema }] = (await db.raw('select current_schema() as schema')).rows;
    for (const table of BUSINESS_SCOPED_TABLES) await announceScopedChanges(db, schema, table);
  },
  async down(db: Knex) {
    const [{ schema }] = (await db.raw('select current_schema() as schema')).rows;
    for (const { table } of BUSINESS_SCOPED_TABLES) {
      await db.raw('drop trigger if exists tc_changed on ??', [table]);
      await db.raw('drop function if exists ??()', [`tc_announce_${table}`]);
    }
    await announceChanges(db, schema);
  },
};
