import { forgivingSearchMigration } from '@trustcircle/service-kit';

/** A group's searchable text, over the alias `r`. */
export const GROUP_SEARCH_TEXT = "r.name || ' ' || r.description";

/**
 * Groups found by search that forgives (issue 17; service-kit search-words.ts): name and
 * description, accents and case ignored, one typo per word, the last word a prefix.
 */
export const groupSearch = forgivingSearchMigration('003_group_search', {
  table: 'groups',
  text: GROUP_SEARCH_TEXT,
  document: [
    { sql: 'name', weight: 'A' },
    { sql: 'description', weight: 'B' },
  ],
});
