import { writtenByNewAccount } from '../../services/reviews/src/domain/standing.ts';
import { AUTHOR_LOCK, BUSINESS_LOCK } from '../../services/catalog/src/store/lock-keys.ts';
import { lockAll, rescore, scoresCheck } from './catalog-scores.ts';
import type { FactRow } from '../../services/catalog/src/store/projections-store.ts';
import type { Sql } from './db.ts';
import type { Check, Drift } from './engine.ts';
import { mirrorCheck, show } from './mirror.ts';

/** Catalog's projections (schema catalog): review facts, authors, group names, activity flags. */

/** A fact as the repair writes it: catalog's row, all versions at the source's. */
type Fact = Omit<FactRow, 'facts_version' | 'helpful_version'>;

const BATCH = 2000;

/**
 * What catalog's fact of each review should be: the review as reviews would publish it now
 * (reviews/src/events/review-events.ts), with the author's verification and account age from
 * identity, whose events catalog and reviews both project.
 */
async function sourceFacts(
  query: Sql,
  where: string,
  values: unknown[],
  limit = 'all',
): Promise<Fact[]> {
  const rows = await query<Omit<Fact, 'author_new_account'> & { author_created_at: Date | null }>(
    `select r.id as review_id, r.business_id, r.user_id, r.rating, r.helpful_count,
            r.created_at, r.hidden, r.version, coalesce(u.is_verified, false) as author_verified,
            u.created_at as author_created_at,
            array(select distinct t.group_id from reviews.review_tags t
                   where t.review_id = r.id order by 1) as group_ids
       from reviews.reviews r left join identity.users u on u.id = r.user_id
      where ${where} order by r.id limit ${limit}`,
    values,
  );
  return rows.map(({ author_created_at, ...row }) => ({
    ...row,
    author_new_account: writtenByNewAccount(author_created_at, row.created_at!),
  }));
}

function factDifferences(stored: Fact, expected: Fact): string[] {
  const fields: (keyof Fact)[] = [
    'business_id',
    'user_id',
    'rating',
    'hidden',
    'helpful_count',
    'created_at',
    'group_ids',
  ];
  // The author's facts weigh only published reviews; a hidden one is re-sent when published.
  if (!expected.hidden) fields.push('author_verified', 'author_new_account');
  const norm = (fact: Fact, field: keyof Fact) =>
    field === 'group_ids'
      ? JSON.stringify([...new Set(fact.group_ids)].sort((a, b) => a - b))
      : field === 'created_at'
        ? (fact.created_at?.getTime() ?? null)
        : fact[field];
  return fields
    .filter((field) => norm(stored, field) !== norm(expected, field))
    .map((field) => `${field} ${show(stored[field])}≠${show(expected[field])}`);
}

const reviewFacts: Check = {
  name: 'catalog.review_facts',
  source: 'reviews.reviews',
  async find(query: Sql) {
    const drift: Drift[] = [];
    let checked = 0;
    for (let after = 0; ;) {
      const expected = await sourceFacts(query, 'r.id > $1', [after], String(BATCH));
      if (expected.length === 0) break;
      checked += expected.length;
      const stored = new Map(
        (
          await query<Fact>('select * from catalog.review_facts where review_id = any($1::int[])', [
            expected.map((fact) => fact.review_id),
          ])
        ).map((fact) => [fact.review_id, fact]),
      );
      for (const fact of expected) {
        const have = stored.get(fact.review_id);
        const found = have ? factDifferences(have, fact) : ['missing'];
        if (found.length) drift.push({ key: String(fact.review_id), detail: found.join(' ') });
      }
      after = expected.at(-1)!.review_id;
    }
    const orphans = await query<{ review_id: number }>(
      `select review_id from catalog.review_facts f
        where not exists (select 1 from reviews.reviews r where r.id = f.review_id)
        order by 1`,
    );
    for (const { review_id } of orphans) {
      drift.push({ key: String(review_id), detail: 'no source row' });
    }
    return { checked: checked + orphans.length, drift };
  },
  async repair(query: Sql, keys: string[]) {
    const ids = keys.map(Number);
    const before = await query<{ business_id: number; user_id: number | null }>(
      'select business_id, user_id from catalog.review_facts where review_id = any($1::int[])',
      [ids],
    );
    const first = await sourceFacts(query, 'r.id = any($1::int[])', [ids]);
    await lockAll(
      query,
      AUTHOR_LOCK,
      [...before, ...first].flatMap((f) => f.user_id ?? []),
    );
    const businesses = [...before, ...first].map((f) => f.business_id);
    await lockAll(query, BUSINESS_LOCK, businesses);
    // Read again under the locks; the version comes with the state it belongs to, so an event
    // in flight (not newer) changes nothing and the next change of the review applies.
    const facts = await sourceFacts(query, 'r.id = any($1::int[])', [ids]);
    await query(
      `insert into catalog.review_facts as f (review_id, business_id, user_id, rating, group_ids,
              helpful_count, author_verified, author_new_account, created_at, hidden, version,
              facts_version, helpful_version)
       select x.*, x.version, x.version
         from jsonb_to_recordset($1::jsonb) as x(review_id int, business_id int, user_id int,
              rating smallint, group_ids int[], helpful_count int, author_verified boolean,
              author_new_account boolean, created_at timestamptz, hidden boolean, version int)
       on conflict (review_id) do update set business_id = excluded.business_id,
         user_id = excluded.user_id, rating = excluded.rating, group_ids = excluded.group_ids,
         helpful_count = excluded.helpful_count, author_verified = excluded.author_verified,
         author_new_account = excluded.author_new_account, created_at = excluded.created_at,
         hidden = excluded.hidden, version = excluded.version,
         facts_version = excluded.facts_version, helpful_version = excluded.helpful_version`,
      [JSON.stringify(facts)],
    );
    await query(
      `delete from catalog.review_facts f where f.review_id = any($1::int[])
          and not exists (select 1 from reviews.reviews r where r.id = f.review_id)`,
      [ids],
    );
    await rescore(query, businesses);
  },
};

export const CATALOG_CHECKS: Check[] = [
  mirrorCheck({
    name: 'catalog.authors',
    target: 'catalog.authors',
    targetKey: 'user_id',
    source: 'identity.users',
    columns: { is_verified: 's.is_verified' },
    version: 's.version',
  }),
  mirrorCheck({
    name: 'catalog.groups',
    target: 'catalog.groups',
    targetKey: 'id',
    source: 'communities.groups',
    columns: { name: 's.name' },
    version: 's.version',
  }),
  mirrorCheck({
    name: 'catalog.business_activity',
    target: 'catalog.business_activity',
    targetKey: 'business_id',
    source: 'reviews.unusual_activity',
    sourceKey: 'business_id',
    columns: {
      flagged: 's.cleared_at is null',
      since: 'case when s.cleared_at is null then s.since end',
      review_count: 'case when s.cleared_at is null then s.review_count end',
    },
    version: 's.version',
  }),
  reviewFacts,
  // Last: over the facts as repaired above.
  scoresCheck,
];
