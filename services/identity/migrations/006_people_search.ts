import { forgivingSearchMigration } from '@trustcircle/service-kit';

/**
 * People found by search that forgives (issue 17; service-kit search-words.ts): name and
 * username as plain words (names have no stems), accents and case ignored, one typo per word.
 */
export const peopleSearch = forgivingSearchMigration('006_people_search', {
  table: 'users',
  text: "r.name || ' ' || r.username",
  document: [
    { sql: 'name', weight: 'A' },
    { sql: 'username', weight: 'B' },
  ],
  plainOnly: true,
});
