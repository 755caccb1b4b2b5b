import {
  createForgivingSearch,
  dropForgivingSearch,
  type Knex,
  type Migration,
} from '@trustcircle/service-kit';

/**
 * Groups found by search that forgives (issue 17; service-kit search-words.ts): name and
 * description, accents and case ignored, one typo per word, the last word a prefix.
 */
export const groupSearch: Migration = {
  name: '003_group_search',
  async up(db: Knex) {
    await createForgivingSearch(db, {
      table: 'groups',
      text: "r.name || ' ' || r.description",
      document: [
        { sql: 'name', weight: 'A' },
        { sql: 'description', weight: 'B' },
      ],
    });
  },
  async down(db: Knex) {
    await dropForgivingSearch(db, 'groups');
  },
};
