import type { Knex } from 'knex';
import type { Migration } from './db';
import { createPortableFoldFunction, createWordsOfFunction, foldedDocument } from './search';

/**
 * The `variants` typo strategy of search.ts, for schemas without pg_trgm: every known word is
 * stored with its one-deletion variants ("muller" → muller, uller, mller, muler, mullr, mulle),
 * so two words one typo apart share a variant and a misspelled query word finds its known words
 * through one btree lookup per variant (SymSpell's idea). A few thousand names make a few tens of
 * thousands of rows.
 */
async function createVariantsFunction(db: Knex): Promise<void> {
  await db.raw(`
    create function variants_of(text) returns text[] language sql immutable parallel safe strict as $$
      select array_agg(distinct v) from (
        select $1 as v
        union all
        select overlay($1 placing '' from i for 1) from generate_series(1, length($1)) i
      ) t
    $$`);
}

export interface SearchableTable {
  table: string;
  /** The row's searchable text as SQL over the alias `r`, e.g. `r.name || ' ' || r.username`. */
  text: string;
  /** The generated document's parts (search.ts `foldedDocument`), over the row's own columns. */
  document: Parameters<typeof foldedDocument>[0];
  plainOnly?: boolean;
}

/**
 * The one-deletion variants of every word in `search_words` (which must exist), and
 * `add_search_words()`, the statement trigger function that adds the words of the rows a
 * statement wrote, and their variants. `text` is the row's searchable text over the alias `r`.
 */
export async function addTypoVariants(db: Knex, { text }: { text: string }): Promise<void> {
  await createVariantsFunction(db);
  await db.raw(`
    create table search_word_variants (
      variant text not null,
      word text not null references search_words (word) on delete cascade,
      primary key (variant, word)
    )`);
  await db.raw(`
    insert into search_word_variants (variant, word)
    select distinct unnest(variants_of(word)), word from search_words on conflict do nothing`);
  await db.raw(`
    create or replace function add_search_words() returns trigger language plpgsql
    set search_path from current as $$
    begin
      ${addWordsOf(`added r, words_of(${text}) w`)}
      return null;
    end $$`);
}

/** The statement that adds the words `source` answers as `w` (and their variants), once each. */
const addWordsOf = (source: string) => `
      with fresh as (
        insert into search_words (word)
        select distinct w from ${source}
        on conflict do nothing
        returning word
      )
      insert into search_word_variants (variant, word)
      select distinct unnest(variants_of(word)), word from fresh
      on conflict do nothing;`;

/**
 * Everything `forgivingTsQuery(…, 'variants')` needs in the current schema, for one table:
 * `fold`, `words_of`, the words and their variants, kept by statement triggers (bulk loads
 * included) and filled from the rows already there; the table's generated `search_doc` with its
 * GIN index.
 */
export async function createForgivingSearch(db: Knex, spec: SearchableTable): Promise<void> {
  await createPortableFoldFunction(db);
  await createWordsOfFunction(db);
  await db.raw('create table search_words (word text primary key)');
  await db.raw(`
    insert into search_words (word)
    select distinct w from ${spec.table} r, words_of(${spec.text}) w on conflict do nothing`);
  await addTypoVariants(db, spec);
  for (const event of ['insert', 'update']) {
    await db.raw(`
      create trigger ${spec.table}_words_${event} after ${event} on ${spec.table}
        referencing new table as added for each statement execute function add_search_words()`);
  }
  // A deleted row's words leave with it unless another row still has them (an account that
  // leaves takes its name along: docs/security.md, "Leaving"). Variants go by cascade.
  await db.raw(`
    create function remove_search_words() returns trigger language plpgsql
    set search_path from current as $$
    begin
      delete from search_words s
       using (select distinct w from removed r, words_of(${spec.text}) w) gone
       where s.word = gone.w
         and not exists (select 1 from ${spec.table} t
                          where t.search_doc @@ to_tsquery('simple', quote_literal(gone.w)));
      return null;
    end $$`);
  await db.raw(`
    create trigger ${spec.table}_words_delete after delete on ${spec.table}
      referencing old table as removed for each statement execute function remove_search_words()`);
  await db.raw(`
    alter table ${spec.table} add column search_doc tsvector generated always as (
      ${foldedDocument(spec.document, { plainOnly: spec.plainOnly })}) stored`);
  await db.raw(`create index ${spec.table}_search_doc on ${spec.table} using gin (search_doc)`);
}

export async function dropForgivingSearch(db: Knex, table: string): Promise<void> {
  await db.raw(`alter table ${table} drop column search_doc`);
  for (const event of ['insert', 'update', 'delete']) {
    await db.raw(`drop trigger ${table}_words_${event} on ${table}`);
  }
  await db.raw('drop function remove_search_words()');
  await db.raw('drop function add_search_words()');
  await db.raw('drop table search_word_variants');
  await db.raw('drop table search_words');
  await db.raw('drop function variants_of(text)');
  await db.raw('drop function words_of(text)');
  await db.raw('drop function fold(text)');
}

/**
 * The migration that adds forgiving search to one table (`createForgivingSearch`) and takes it
 * away again: the services whose lists are searched this way each list one under its own name.
 */
export function forgivingSearchMigration(name: string, spec: SearchableTable): Migration {
  return {
    name,
    up: (db) => createForgivingSearch(db, spec),
    down: (db) => dropForgivingSearch(db, spec.table),
  };
}

/**
 * `add_search_words()` ran on every update of a searched table, and the tables are updated
 * far more for their counters and scores than for their text (a new review bumps its groups'
 * counts and moves its business's score): each ran the words of every row through the regular
 * expression and the unique index, about 0.3 ms a statement. The update trigger now hands its
 * function the rows before and after, and only rows whose searchable text changed give words.
 * Rows are matched by `id`: every searched table has one.
 */
export function searchWordsOfChangedTextMigration(
  name: string,
  { table, text }: { table: string; text: string },
): Migration {
  const updateTrigger = (fn: string, transitions: string) => `
    create trigger ${table}_words_update after update on ${table}
      referencing ${transitions} for each statement execute function ${fn}()`;
  return {
    name,
    async up(db) {
      await db.raw(`
        create function add_changed_search_words() returns trigger language plpgsql
        set search_path from current as $$
        begin
          ${addWordsOf(`added r, words_of(${text}) w
             where not exists (select 1 from (select r.id, ${text} as text from earlier r) o
                                where o.id = r.id and o.text is not distinct from ${text})`)}
          return null;
        end $$`);
      await db.raw(`drop trigger ${table}_words_update on ${table}`);
      await db.raw(
        updateTrigger('add_changed_search_words', 'old table as earlier new table as added'),
      );
    },
    async down(db) {
      await db.raw(`drop trigger ${table}_words_update on ${table}`);
      await db.raw(updateTrigger('add_search_words', 'new table as added'));
      await db.raw('drop function add_changed_search_words()');
    },
  };
}
