import { forgivingSearchMigration } from '@trustcircle/service-kit';

/**
 * Groups found by search that forgives (issue 17; service-kit search-words.ts): name and
 * description, accents and case ignored, one typo per word, the last word a prefix.
 */
export const groupSearch = forgivingSearchMigration('003_group_search', {
  table: 'groups',
  text: "r.name || ' ' || r.description",
  document: [
    { sql: 'name', weight: 'A' },
    { sql: 'description', weight: 'B' },
  ],
});
