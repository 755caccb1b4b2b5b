import {
  createFoldFunction,
  createWordsOfFunction,
  type Knex,
  type Migration,
} from '@trustcircle/service-kit';

/**
 * Search ignores accents (issue 17: "muller" finds Müller): names, categories and descriptions
 * are indexed, and their words listed for typo correction, through `fold` = unaccent(lower()).
 * unaccent is created in this schema by the admin at provisioning, like pg_trgm (the functions
 * are service-kit's `search.ts`, shared with the other services' search).
 */
export const foldAccents: Migration = {
  name: '004_search_accents',
  async up(db: Knex) {
    const schema = (await db.raw<{ rows: { s: string }[] }>('select current_schema() as s'))
      .rows[0]!.s;
    const q = (name: string) => `"${schema.replace(/"/g, '""')}".${name}`;
    await createFoldFunction(db);
    await db.raw('alter table businesses drop column search_doc');
    await db.raw(`
      alter table businesses add column search_doc tsvector generated always as (
        setweight(to_tsvector('english'::regconfig, ${q('fold')}(name)), 'A') ||
        setweight(to_tsvector('english'::regconfig, ${q('fold')}(category)), 'B') ||
        setweight(to_tsvector('english'::regconfig, ${q('fold')}(coalesce(description, ''))), 'C')
      ) stored`);
    await db.raw('create index businesses_search_doc on businesses using gin (search_doc)');
    await createWordsOfFunction(db);
    await db.raw('truncate search_words');
    await db.raw(`
      insert into search_words (word)
      select distinct w
        from businesses, words_of(name || ' ' || category || ' ' || coalesce(description, '')) w`);
  },
  async down(db: Knex) {
    await db.raw(`
      create or replace function words_of(text) returns setof text language sql immutable as $$
        select distinct w from regexp_split_to_table(lower($1), '[^[:alnum:]]+') w
         where length(w) >= 3 and w ~ '[[:alpha:]]'
      $$`);
    await db.raw('alter table businesses drop column search_doc');
    await db.raw(`
      alter table businesses add column search_doc tsvector generated always as (
        setweight(to_tsvector('english'::regconfig, name), 'A') ||
        setweight(to_tsvector('english'::regconfig, category), 'B') ||
        setweight(to_tsvector('english'::regconfig, coalesce(description, '')), 'C')
      ) stored`);
    await db.raw('create index businesses_search_doc on businesses using gin (search_doc)');
    await db.raw('drop function fold(text)');
  },
};
