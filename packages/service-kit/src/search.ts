import type { Knex } from 'knex';
import { preparedRows } from './db';

/**
 * Search that forgives (issue 17), the one way every service does it: each row has a generated
 * `search_doc` tsvector over `fold`ed text (accents and case gone), a GIN index on it, and a small
 * `search_words` table of the distinct words seen (kept by statement triggers, so bulk loads fill
 * it too). A query word of 4+ characters that no row uses is OR-ed with its nearest known words
 * (one typo), then one full-text query over the GIN index answers: every word required, in any
 * order, the last one as a prefix.
 *
 * Nearest: words sharing a one-deletion variant (`variants`, search-words.ts: a changed,
 * missing, extra or swapped letter). Catalog has pg_trgm and unaccent in its schema and adds
 * trigram word similarity (`trigram+variants`), which also forgives some longer slips; an
 * extension lives in one schema per database, so the other services use `variants` alone and
 * fold accents with `translate` (no extension at all).
 */
export type TypoStrategy = 'trigram+variants' | 'variants';

/**
 * A document as both English stems and plain words: stems let "restaurants" find "Restaurant",
 * plain words let a prefix longer than the stem ("educa" of "education", stem "educ") still match.
 * `plainOnly` is for names, which have no stems worth having.
 */
export function foldedDocument(
  parts: Array<{ sql: string; weight: 'A' | 'B' | 'C' | 'D' }>,
  { plainOnly = false } = {},
): string {
  const configs = plainOnly ? ['simple'] : ['english', 'simple'];
  return parts
    .flatMap(({ sql, weight }) =>
      configs.map(
        (config) => `setweight(to_tsvector('${config}'::regconfig, fold(${sql})), '${weight}')`,
      ),
    )
    .join(' || ');
}

/** The schema's name, quoted, and a function qualifying names with it. */
async function schemaOf(db: Knex) {
  const schema = (await db.raw<{ rows: { s: string }[] }>('select current_schema() as s')).rows[0]!
    .s;
  const ident = `"${schema.replace(/"/g, '""')}"`;
  return (name: string) => `${ident}.${name}`;
}

/**
 * `fold(text)` = unaccent(lower(text)), for a schema with the unaccent extension. It names the
 * dictionary with the schema so that it is immutable, as a generated column requires.
 */
export async function createFoldFunction(db: Knex): Promise<void> {
  const q = await schemaOf(db);
  const dictionary = `'${q('unaccent').replace(/'/g, "''")}'::regdictionary`;
  await db.raw(`
    create function fold(text) returns text language sql immutable parallel safe strict as $$
      select ${q('unaccent')}(${dictionary}, lower($1))
    $$`);
}

/** Letters folded to more than one (translate maps one to one). */
const LIGATURES: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', þ: 'th', ĳ: 'ij' };
/** Latin letters whose decomposition has no ASCII base letter. */
const SPECIAL: Record<string, string> = {
  ø: 'o',
  đ: 'd',
  ł: 'l',
  ı: 'i',
  ð: 'd',
  ħ: 'h',
  ŧ: 't',
  ŀ: 'l',
  ŉ: 'n',
  ĸ: 'k',
};

/** Latin-1 and Latin Extended-A letters (À … ž) and what each folds to, for `translate`. */
function foldTable(): { from: string; to: string } {
  let from = '';
  let to = '';
  for (let code = 0xc0; code <= 0x17f; code += 1) {
    const letter = String.fromCodePoint(code);
    const lower = letter.toLowerCase();
    const base = SPECIAL[lower] ?? lower.normalize('NFD')[0]!;
    if (LIGATURES[lower] || !/^[a-z]$/.test(base)) continue;
    from += letter;
    to += base;
  }
  return { from, to };
}

/**
 * `fold(text)` without an extension: lower case, then the accented Latin letters (À to ž) as
 * their base letters, and ß, æ, œ, þ, ĳ spelled out. Upper case letters are in the table too, so
 * a database whose locale lowers only ASCII still folds "MÜLLER".
 */
export async function createPortableFoldFunction(db: Knex): Promise<void> {
  const { from, to } = foldTable();
  let expression = `translate(lower($1), '${from}', '${to}')`;
  for (const [letter, spelled] of Object.entries(LIGATURES)) {
    for (const form of new Set([letter, letter.toUpperCase()])) {
      expression = `replace(${expression}, '${form}', '${spelled}')`;
    }
  }
  await db.raw(`
    create function fold(text) returns text language sql immutable parallel safe strict as $$
      select ${expression}
    $$`);
}

/** `words_of(text)`: the distinct folded words of 3+ characters with a letter. */
export async function createWordsOfFunction(db: Knex): Promise<void> {
  const q = await schemaOf(db);
  await db.raw(`
    create or replace function words_of(text) returns setof text language sql immutable as $$
      select distinct w from regexp_split_to_table(${q('fold')}($1), '[^[:alnum:]]+') w
       where length(w) >= 3 and w ~ '[[:alpha:]]'
    $$`);
}

/**
 * What the trigram strategy needs on every connection: pg_trgm's word-similarity threshold, as
 * `databaseSettings` (db.ts), so a search is not a transaction around a `set_config`.
 */
export function wordSimilaritySetting(similarity: number): Record<string, string> {
  return { 'pg_trgm.word_similarity_threshold': String(similarity) };
}

/**
 * The rank search results are ordered by: `ts_rank`, which weighs name (A) over category (B)
 * over description (C). Not `ts_rank_cd`: cover density rewards words close together, which
 * says little in a name of a few words, and it cost 2.5 times as much per match (ranking a
 * thousand matches was most of a search's time: docs/performance.md "Catalog").
 */
export function searchRank(document: string, query: string): string {
  return `ts_rank(${document}, ${query})`;
}

/**
 * Only a query word of 4+ characters with a letter that no row uses is corrected; the last word
 * also not when it begins a known word ("distr" is "district" being typed, not a typo).
 */
const NEEDS_FIX = `length(w) >= 4 and w ~ '[[:alpha:]]'
                   and not exists (select 1 from search_words k where k.word = w)
                   and not (last and exists (select 1 from search_words k
                                              where k.word like w || '%'))`;

/** Words sharing a one-deletion variant with `w`: a changed, missing, extra or swapped letter. */
const BY_VARIANT = `select distinct v.word from search_word_variants v
                     where ${NEEDS_FIX} and v.variant = any(variants_of(w))`;

/** Up to 5 known words near the query word `w` (the guard sits inside, before any index work). */
const NEAREST: Record<TypoStrategy, string> = {
  variants: `select word from (${BY_VARIANT}) near
              order by abs(length(word) - length(w)), word limit 5`,
  // Needs the connection's threshold (wordSimilaritySetting).
  'trigram+variants': `select word from (
                          ${BY_VARIANT}
                          union
                          (select word from search_words
                            where ${NEEDS_FIX} and w <% word
                            order by w <<-> word, word limit 5)) near
                        order by w <<-> word, word limit 5`,
};

/**
 * The typed words as `to_tsquery` text, each quoted (so any input is safe), all required, the
 * last as a prefix, a misspelled one OR its nearest known words:
 * `('okafor') & ('edu':*)`, `('restaurnt' | 'restaurant' | 'restaurants') & ('pizza':*)`.
 * Null when the text has no word.
 */
export async function forgivingTsQuery(
  db: Knex | Knex.Transaction,
  text: string,
  strategy: TypoStrategy,
): Promise<string | null> {
  // Words are split on non-alphanumerics, so `like w || '%'` sees no wildcard but its own.
  const query = db.raw(
    `with words as (
       select w, n, n = max(n) over () as last
         from regexp_split_to_table(fold(?), '[^[:alnum:]]+') with ordinality t(w, n)
        where w <> ''
     ),
     alternatives as (
       select w, last, n,
              (select string_agg(quote_literal(c.word), ' | ')
                 from (${NEAREST[strategy]}) c) as fixes
         from words
     )
     select string_agg(
              '(' || quote_literal(w) || case when last then ':*' else '' end
                  || coalesce(' | ' || fixes, '') || ')',
              ' & ' order by n) as query
       from alternatives`,
    [text],
  );
  // Prepared on the pool: planning this statement cost more than running it.
  const rows = db.isTransaction
    ? (await query).rows
    : await preparedRows<{ query: string | null }>(db, query);
  return rows[0]?.query ?? null;
}
