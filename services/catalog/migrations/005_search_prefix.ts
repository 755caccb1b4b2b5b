import {
  addTypoVariants,
  foldedDocument,
  type Knex,
  type Migration,
} from '@trustcircle/service-kit';

/** A business's searchable text, over the alias `r`. */
export const BUSINESS_SEARCH_TEXT =
  "r.name || ' ' || r.category || ' ' || coalesce(r.description, '')";

/**
 * The last typed word is a prefix (issue 17), but prefixes were matched against English stems
 * only: "okafor edu" found Okafor Education and "okafor educa" did not (the stem is "educ"). The
 * document now holds each word plain as well as stemmed, so a prefix of any length matches while
 * typing, as the top bar's suggestions need. Trigram similarity missed a swapped pair of letters
 * ("masasges"): the known words' one-deletion variants (service-kit search-words.ts) find every
 * word one typo away.
 */
export const searchPrefixes: Migration = {
  name: '005_search_prefix',
  async up(db: Knex) {
    await db.raw('alter table businesses drop column search_doc');
    await db.raw(`
      alter table businesses add column search_doc tsvector generated always as (${foldedDocument([
        { sql: 'name', weight: 'A' },
        { sql: 'category', weight: 'B' },
        { sql: "coalesce(description, '')", weight: 'C' },
      ])}) stored`);
    await db.raw('create index businesses_search_doc on businesses using gin (search_doc)');
    await addTypoVariants(db, { text: BUSINESS_SEARCH_TEXT });
  },
  async down(db: Knex) {
    await db.raw(`
      create or replace function add_search_words() returns trigger language plpgsql
      set search_path from current as $$
      begin
        insert into search_words (word)
        select distinct w from added r,
               words_of(r.name || ' ' || r.category || ' ' || coalesce(r.description, '')) w
        on conflict do nothing;
        return null;
      end $$`);
    await db.raw('drop table search_word_variants');
    await db.raw('drop function variants_of(text)');
    await db.raw('alter table businesses drop column search_doc');
    await db.raw(`
      alter table businesses add column search_doc tsvector generated always as (
        setweight(to_tsvector('english'::regconfig, fold(name)), 'A') ||
        setweight(to_tsvector('english'::regconfig, fold(category)), 'B') ||
        setweight(to_tsvector('english'::regconfig, fold(coalesce(description, ''))), 'C')
      ) stored`);
    await db.raw('create index businesses_search_doc on businesses using gin (search_doc)');
  },
};
