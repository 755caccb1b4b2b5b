/**
 * The load's steps in order, timed: owners' rows first, reviews' projections before the
 * reviews (their cards show those names), the other projections from what was loaded, then
 * sequences and statistics.
 */
import pg from 'pg';
import * as names from './names.ts';
import { withIndexesAfter } from './indexes.ts';
import {
  advanceSequences,
  CATALOG_PROJECTIONS,
  COMMUNITIES_PROJECTIONS,
  computeScores,
  OWNED_TABLES,
  SOCIAL_PROJECTIONS,
} from './projections.ts';
import { REVIEWS_OWN, REVIEWS_PROJECTIONS } from './reviews.ts';
import type { ScaleSpec } from './sizes.ts';
import * as sources from './sources.ts';
import type { Fill, Shape } from './sql.ts';

export interface LoadReport {
  steps: { step: string; ms: number }[];
  rows: Record<string, number>;
  totalMs: number;
  databaseBytes: number;
}

/** The tables reported, owners' first. */
export const COUNTED_TABLES = [
  ...OWNED_TABLES,
  'reviews.users',
  'reviews.memberships',
  'communities.review_groups',
  'catalog.review_facts',
  'catalog.business_group_scores',
  'social.helpful_voters',
];

export async function loadInto(
  adminUrl: string,
  spec: ScaleSpec,
  passwordHash: string,
  onStep?: (step: string, ms: number) => void,
): Promise<LoadReport> {
  const db = new pg.Client({ connectionString: adminUrl, application_name: 'scale-load' });
  await db.connect();
  const started = performance.now();
  const steps: LoadReport['steps'] = [];
  const step = async (name: string, work: () => Promise<unknown>) => {
    const at = performance.now();
    await work();
    const ms = performance.now() - at;
    steps.push({ step: name, ms });
    onStep?.(name, ms);
  };
  // Whole seconds, as the rows' times: the reviews' year ends here.
  const anchor = new Date(Math.floor(Date.now() / 1000) * 1000).toISOString();
  const shape: Shape = { ...spec, anchor, maxVotes: Math.min(500, spec.users - 1) };
  try {
    // A throwaway database: a crash loses it whole, so commits need not wait for the disk.
    await db.query(`set synchronous_commit = off; set work_mem = '256MB';
                    set maintenance_work_mem = '512MB'`);
    // Statistics right after each table is filled: the next statements' plans (and review_card()'s,
    // made at its first call on the connection) read them. Without, the cards' insert took 2.5
    // (S) to 4 (L) times as long.
    const fill = async ({ table, sql }: Fill) =>
      step(table, async () => {
        await withIndexesAfter(db, table, () => db.query(sql));
        await db.query(`analyze ${table}`);
      });
    const people = names.people(spec.users);
    await step('identity.users', () => sources.insertUsers(db, shape, people, passwordHash));
    await step('catalog.businesses', () =>
      sources.insertBusinesses(db, shape, names.businesses(spec.businesses)),
    );
    await step('communities.groups', () =>
      sources.insertGroups(db, shape, names.groups(spec.groups)),
    );
    await step('communities.group_members', () =>
      withIndexesAfter(db, 'communities.group_members', () => sources.insertMembers(db, shape)),
    );
    await step('social.follows', () =>
      withIndexesAfter(db, 'social.follows', () => sources.insertFollows(db, shape)),
    );
    await step('review texts (pool)', () => sources.insertTextPool(db, names.textPool()));
    await step('staging reviews, tags, votes', async () => {
      await sources.stageReviews(db, shape);
      await db.query(`analyze identity.users, catalog.businesses, communities.groups,
                        communities.group_members, social.follows, scale_quality, scale_members,
                        scale_member_counts, scale_texts, scale_reviews, scale_tags, scale_votes`);
    });
    await db.query('set session_replication_role = replica');
    for (const statement of [...REVIEWS_PROJECTIONS, ...REVIEWS_OWN]) await fill(statement);
    await db.query('set session_replication_role = origin');
    for (const statement of [...COMMUNITIES_PROJECTIONS, ...CATALOG_PROJECTIONS]) {
      await fill(statement);
    }
    await step('catalog scores', () => computeScores(db));
    for (const statement of SOCIAL_PROJECTIONS) await fill(statement);
    await step('sequences', () => advanceSequences(db));
    await db.query('discard temp');
    // Statistics and the visibility map as autovacuum would leave them: realistic plans.
    await step('vacuum analyze', () => db.query('vacuum analyze'));
    // The load's gigabytes written to disk now, not by the checkpointer while the first rows
    // are measured: a running platform is not one that was bulk-loaded a minute ago.
    await step('checkpoint', () => db.query('checkpoint'));
    const rows: Record<string, number> = {};
    for (const table of COUNTED_TABLES) {
      rows[table] = (
        await db.query<{ n: number }>(`select count(*)::int as n from ${table}`)
      ).rows[0]!.n;
    }
    const size = await db.query<{ bytes: string }>(
      'select pg_database_size(current_database()) as bytes',
    );
    return {
      steps,
      rows,
      totalMs: performance.now() - started,
      databaseBytes: Number(size.rows[0]!.bytes),
    };
  } finally {
    await db.end();
  }
}
