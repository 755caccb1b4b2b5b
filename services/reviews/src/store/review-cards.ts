import { preparedRows, type Knex } from '@trustcircle/service-kit';
import type { ReviewStatus } from '@trustcircle/contracts';
import type { ModerationState } from '../domain/standing';
import { REPLY_COLUMN, REPLY_JOIN } from './replies-store';

/**
 * A review's read view (spec §3, `Review` of the contracts) as JSON text, ready to send: the
 * card the database keeps rendered (migration 004) plus `helpfulCount`, `hasVoted` and the
 * owner's `reply` (replies-store.ts says why it is not in the card).
 */
export interface ReviewView {
  id: number;
  json: string;
}

interface CardRow {
  id: number;
  card: string;
  helpful_count: number;
  has_voted: boolean;
  reply: string | null;
}

/** A card as every viewer sees it: one copy serves all, each viewer's vote read beside it. */
export type SharedCard = Omit<CardRow, 'has_voted'>;

/** The read view of `row` for a viewer who has voted for it or not. */
export function viewOf(row: SharedCard, hasVoted: boolean): ReviewView {
  // A card is a JSON object: its closing brace makes room for the live fields.
  const live = `,"helpfulCount":${row.helpful_count},"hasVoted":${hasVoted},"reply":${row.reply ?? 'null'}}`;
  return { id: row.id, json: row.card.slice(0, -1) + live };
}

const toView = (row: CardRow): ReviewView => viewOf(row, row.has_voted);

/** A read view with what its author and moderators see of its moderation. */
export interface ModeratedView extends ReviewView {
  authorId: number;
  hidden: boolean;
  moderation: ModerationState;
}

interface ModeratedCardRow extends CardRow {
  user_id: number;
  hidden: boolean;
  status: ReviewStatus;
  moderation_reason: string | null;
  decided_at: Date | null;
  appealed: boolean;
}

function toModeratedView(row: ModeratedCardRow): ModeratedView {
  return {
    ...toView(row),
    authorId: row.user_id,
    hidden: row.hidden,
    moderation: {
      status: row.status,
      reason: row.moderation_reason,
      decidedAt: row.decided_at,
      appealed: row.appealed,
    },
  };
}

const MODERATION_COLUMNS = [
  'user_id',
  'hidden',
  'status',
  'moderation_reason',
  'decided_at',
  'appealed',
] as const;

/** Keyset page of review ids, newest (highest id) first; `before` is the last id seen. */
export interface PageArgs {
  before: number | null;
  /** Rows wanted; the store fetches one more to know whether a next page exists. */
  limit: number;
}

export const MAX_ID = 2_147_483_647;

/**
 * The page's row count, written into the SQL as a literal: with a literal Postgres settles on
 * one generic plan per page size, where a parameter made it plan the statement again on every
 * call (about 0.3 ms of the feed's 0.8 ms). It is a validated small integer, never user text.
 */
export function take(page: PageArgs): number {
  const rows = page.limit + 1;
  if (!Number.isSafeInteger(rows) || rows < 2 || rows > 1000) throw new Error(`bad limit ${rows}`);
  return rows;
}

/**
 * Whether the viewer voted for each review, as a probe of the (review, voter) key per card, so
 * that a page costs the same whoever reads it, and Postgres keeps one generic plan of it:
 * - a visitor's statement and a member's are two texts: one text for both
 *   (`? is not null and exists …`) was planned again on every visitor's read, its custom plan
 *   (the check folded away) always cheaper than the generic one;
 * - the voter's id reaches the planner as a sub-select's value, which it cannot see: with skewed
 *   votes, a member with few had custom plans cheaper than the generic one, and was planned
 *   again on every read too (docs/performance.md, twelfth session).
 * A lateral probe with a limit is never turned into a scan of all the voter's votes.
 */
const viewerVotes = (viewer: number | null | Everyone): VotesPart => {
  if (viewer === null) return { columns: 'false as has_voted', join: '', bindings: [] };
  if (typeof viewer === 'object') return everyonesVotes(viewer.mostVoters);
  return {
    columns: 'v.voted is not null as has_voted',
    join: `left join lateral (select true as voted from helpful_votes v
             where v.review_id = r.id and v.user_id = (select ?::int) limit 1) v on true`,
    bindings: [viewer],
  };
};

/** How the votes on a page's cards are read, as parts of its statement. */
interface VotesPart {
  columns: string;
  join: string;
  bindings: Knex.RawBinding[];
}

/** Every voter of each card, up to `mostVoters` + 1 of each (more tells the caller "too many"). */
interface Everyone {
  mostVoters: number;
}

/** `voters` beside each card: one index range of (review, voter) per card, in the same plan. */
function everyonesVotes(mostVoters: number): VotesPart {
  // A literal, as `take`'s: a validated small integer, never user text.
  if (!Number.isSafeInteger(mostVoters) || mostVoters < 0 || mostVoters > 100_000) {
    throw new Error(`bad mostVoters ${mostVoters}`);
  }
  return {
    columns: `false as has_voted, array(select hv.user_id from helpful_votes hv
               where hv.review_id = r.id limit ${mostVoters + 1}) as voters`,
    join: '',
    bindings: [],
  };
}

/**
 * The reviews a page shows, newest first (or in a `pos` column's order):
 * - `ids`: a statement answering their `id`s, from any table (a group's tags, a merge), each
 *   review's card then read by primary key;
 * - `range`: a statement over `reviews` itself, aliased `r`, that selects the `columns` it is
 *   given: its index range already reaches each review's row, so a card costs no primary-key
 *   lookup besides (a business's page on L: 24 buffers instead of 87, a third less of
 *   Postgres' CPU).
 */
export type PageSource = { ids: string } | { range: (columns: string) => string };

/**
 * Read views of the reviews `source` selects (up to a page), in one statement: a page is one
 * round trip and one plan.
 */
async function cardRows<Row extends CardRow>(
  db: Knex,
  source: PageSource,
  bindings: readonly Knex.RawBinding[],
  viewer: number | null | Everyone,
  extraColumns: readonly string[] = [],
  ordered = false,
): Promise<Row[]> {
  const votes = viewerVotes(viewer);
  const columns = ['id', 'card', 'helpful_count', ...extraColumns];
  const from =
    'range' in source
      ? `(${source.range(columns.map((column) => `r.${column}`).join(', '))}) r`
      : `(${source.ids}) page join reviews r on r.id = page.id`;
  return preparedRows<Row>(
    db,
    db.raw(
      `select r.id, r.card::text as card, r.helpful_count, ${votes.columns},
            ${REPLY_COLUMN}${extraColumns.map((column) => `, r.${column}`).join('')}
       from ${from}
       ${votes.join}
       ${REPLY_JOIN}
      order by ${ordered ? 'page.pos' : 'r.id desc'}`,
      [...bindings, ...votes.bindings],
    ),
  );
}

export async function viewsOf(
  db: Knex,
  source: PageSource,
  bindings: readonly Knex.RawBinding[],
  viewerId: number | null,
): Promise<ReviewView[]> {
  return (await cardRows<CardRow>(db, source, bindings, viewerId)).map(toView);
}

/**
 * The cards `source` selects as a visitor sees them, each with its voters' ids: up to
 * `mostVoters` + 1 of them, so that more than `mostVoters` reads as "too many to keep".
 */
export async function sharedCardsOf(
  db: Knex,
  source: PageSource,
  bindings: readonly Knex.RawBinding[],
  mostVoters: number,
): Promise<(SharedCard & { voters: number[] })[]> {
  return cardRows<CardRow & { voters: number[] }>(db, source, bindings, { mostVoters });
}

/** `viewsOf` in the `pos` order of a sorted `source`, with each review's rating (its cursor key). */
export async function sortedViewsOf(
  db: Knex,
  source: { ids: string },
  bindings: readonly Knex.RawBinding[],
  viewerId: number | null,
): Promise<(ReviewView & { rating: number })[]> {
  const rows = await cardRows<CardRow & { rating: number }>(
    db,
    source,
    bindings,
    viewerId,
    ['rating'],
    true,
  );
  return rows.map((row) => ({ ...toView(row), rating: row.rating }));
}

/** `viewsOf` whatever the reviews' status, with their moderation state (author, moderators). */
export async function moderatedViewsOf(
  db: Knex,
  source: PageSource,
  bindings: readonly Knex.RawBinding[],
  viewerId: number | null,
): Promise<ModeratedView[]> {
  const rows = await cardRows<ModeratedCardRow>(db, source, bindings, viewerId, MODERATION_COLUMNS);
  return rows.map(toModeratedView);
}
