import { forgivingSearchMigration } from '@trustcircle/service-kit';

/** A person's searchable text, over the alias `r`. */
export const PEOPLE_SEARCH_TEXT = "r.name || ' ' || r.username";

/**
 * People found by search that forgives (issue 17; service-kit search-words.ts): name and
 * username as plain words (names have no stems), accents and case ignored, one typo per word.
 */
export const peopleSearch = forgivingSearchMigration('006_people_search', {
  table: 'users',
  text: PEOPLE_SEARCH_TEXT,
  document: [
    { sql: 'name', weight: 'A' },
    { sql: 'username', weight: 'B' },
  ],
  plainOnly: true,
});
