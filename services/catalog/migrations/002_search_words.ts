import type { Knex, Migration } from '@trustcircle/service-kit';

/**
 * Typo-tolerant search without a trigram scan of every business: the distinct words of names,
 * categories and descriptions (`search_words`, kept by statement triggers, so bulk loads and
 * replays fill it too) are matched by trigram, and a misspelled query word is replaced by its
 * nearest known words before one full-text query runs. The old trigram index over each
 * business's whole text (`search_text`) made every typo query rank most of the table.
 */
export const createSearchWords: Migration = {
  name: '002_search_words',
  async up(db: Knex) {
    await db.raw('create table search_words (word text primary key)');
    await db.raw('create index search_words_trgm on search_words using gin (word gin_trgm_ops)');
    // Words of 3+ characters with a letter: numbers and short words are only matched exactly.
    await db.raw(`
      create function words_of(text) returns setof text language sql immutable as $$
        select distinct w from regexp_split_to_table(lower($1), '[^[:alnum:]]+') w
         where length(w) >= 3 and w ~ '[[:alpha:]]'
      $$`);
    await db.raw(`
      create function add_search_words() returns trigger language plpgsql
      set search_path from current as $$
      begin
        insert into search_words (word)
        select distinct w
          from added, words_of(added.name || ' ' || added.category || ' ' ||
                               coalesce(added.description, '')) w
        on conflict do nothing;
        return null;
      end $$`);
    await db.raw(`
      create trigger businesses_words_insert after insert on businesses
        referencing new table as added for each statement execute function add_search_words()`);
    await db.raw(`
      create trigger businesses_words_update after update on businesses
        referencing new table as added for each statement execute function add_search_words()`);
    // Existing businesses: the same words, once.
    await db.raw(`
      insert into search_words (word)
      select distinct w
        from businesses, words_of(name || ' ' || category || ' ' || coalesce(description, '')) w`);
    await db.raw('drop index businesses_search_trgm');
    await db.raw('alter table businesses drop column search_text');
  },
  async down(db: Knex) {
    await db.raw(`
      alter table businesses add column search_text text generated always as (
        lower(name || ' ' || category || ' ' || coalesce(description, ''))) stored`);
    await db.raw(
      'create index businesses_search_trgm on businesses using gin (search_text gin_trgm_ops)',
    );
    await db.raw('drop trigger businesses_words_update on businesses');
    await db.raw('drop trigger businesses_words_insert on businesses');
    await db.raw('drop function add_search_words()');
    await db.raw('drop function words_of(text)');
    await db.raw('drop table search_words');
  },
};
