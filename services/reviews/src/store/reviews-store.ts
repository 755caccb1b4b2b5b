import type { ReviewStatus } from '@trustcircle/contracts';
import { preparedRows, type Knex } from '@trustcircle/service-kit';
import type { ModerationState } from '../domain/standing';
import { REPLY_COLUMN, REPLY_JOIN } from './replies-store';

export const REVIEW_UNIQUE_KEY = 'reviews_user_business_key';

/** The facts of one review the domain decides on (locked rows come from here). */
export interface ReviewFacts {
  id: number;
  userId: number;
  businessId: number;
  rating: number;
  helpfulCount: number;
  hidden: boolean;
  status: ReviewStatus;
  version: number;
  createdAt: Date;
}

export interface ReviewFactsRow {
  id: number;
  user_id: number;
  business_id: number;
  rating: number;
  helpful_count: number;
  hidden: boolean;
  status: ReviewStatus;
  version: number;
  created_at: Date;
}

export const FACT_COLUMNS = [
  'id',
  'user_id',
  'business_id',
  'rating',
  'helpful_count',
  'hidden',
  'status',
  'version',
  'created_at',
];

export function toFacts(row: ReviewFactsRow): ReviewFacts {
  return {
    id: row.id,
    userId: row.user_id,
    businessId: row.business_id,
    rating: row.rating,
    helpfulCount: row.helpful_count,
    hidden: row.hidden,
    status: row.status,
    version: row.version,
    createdAt: row.created_at,
  };
}

export interface NewReview {
  userId: number;
  businessId: number;
  rating: number;
  content: string;
  pros: string;
  cons: string;
  photos: string[];
  /** Set only for a backdated demo review; else the database's now. */
  writtenAt?: Date | null;
}

export interface ReviewChanges {
  rating?: number;
  content?: string;
  pros?: string;
  cons?: string;
  photos?: string[];
}

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

function toView(row: CardRow): ReviewView {
  // A card is a JSON object: its closing brace makes room for the live fields.
  const live = `,"helpfulCount":${row.helpful_count},"hasVoted":${row.has_voted},"reply":${row.reply ?? 'null'}}`;
  return { id: row.id, json: row.card.slice(0, -1) + live };
}

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

const MODERATION_COLUMNS =
  ', r.user_id, r.hidden, r.status, r.moderation_reason, r.decided_at, r.appealed';

/** Keyset page of review ids, newest (highest id) first; `before` is the last id seen. */
export interface PageArgs {
  before: number | null;
  /** Rows wanted; the store fetches one more to know whether a next page exists. */
  limit: number;
}

const MAX_ID = 2_147_483_647;

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
const viewerVotes = (viewerId: number | null) =>
  viewerId === null
    ? { column: 'false', join: '', bindings: [] }
    : {
        column: 'v.voted is not null',
        join: `left join lateral (select true as voted from helpful_votes v
                 where v.review_id = r.id and v.user_id = (select ?::int) limit 1) v on true`,
        bindings: [viewerId],
      };

/**
 * Read views of the reviews `source` selects (one column `id`, up to a page), newest first,
 * in one statement: a page is one round trip and one plan, and each review one primary-key
 * read of its card. A `source` with a `pos` column (sorted lists) is answered in `pos` order.
 */
async function cardRows<Row extends CardRow>(
  db: Knex,
  source: string,
  bindings: readonly Knex.RawBinding[],
  viewerId: number | null,
  extraColumns = '',
  ordered = false,
): Promise<Row[]> {
  const votes = viewerVotes(viewerId);
  return preparedRows<Row>(
    db,
    db.raw(
      `select r.id, r.card::text as card, r.helpful_count, ${votes.column} as has_voted,
            ${REPLY_COLUMN}${extraColumns}
       from (${source}) page
       join reviews r on r.id = page.id
       ${votes.join}
       ${REPLY_JOIN}
      order by ${ordered ? 'page.pos' : 'r.id desc'}`,
      [...bindings, ...votes.bindings],
    ),
  );
}

export async function viewsOf(
  db: Knex,
  source: string,
  bindings: readonly Knex.RawBinding[],
  viewerId: number | null,
): Promise<ReviewView[]> {
  return (await cardRows<CardRow>(db, source, bindings, viewerId)).map(toView);
}

/** `viewsOf` in the `pos` order of a sorted `source`, with each review's rating (its cursor key). */
export async function sortedViewsOf(
  db: Knex,
  source: string,
  bindings: readonly Knex.RawBinding[],
  viewerId: number | null,
): Promise<(ReviewView & { rating: number })[]> {
  const rows = await cardRows<CardRow & { rating: number }>(
    db,
    source,
    bindings,
    viewerId,
    ', r.rating',
    true,
  );
  return rows.map((row) => ({ ...toView(row), rating: row.rating }));
}

/** `viewsOf` whatever the reviews' status, with their moderation state (author, moderators). */
export async function moderatedViewsOf(
  db: Knex,
  source: string,
  bindings: readonly Knex.RawBinding[],
  viewerId: number | null,
): Promise<ModeratedView[]> {
  const rows = await cardRows<ModeratedCardRow>(db, source, bindings, viewerId, MODERATION_COLUMNS);
  return rows.map(toModeratedView);
}

export const reviewsStore = {
  async insert(trx: Knex, review: NewReview): Promise<ReviewFacts> {
    const [row] = await trx('reviews')
      .insert({
        user_id: review.userId,
        business_id: review.businessId,
        rating: review.rating,
        content: review.content,
        pros: review.pros,
        cons: review.cons,
        photos: review.photos,
        ...(review.writtenAt ? { created_at: review.writtenAt, updated_at: review.writtenAt } : {}),
      })
      .returning(FACT_COLUMNS);
    return toFacts(row as ReviewFactsRow);
  },

  /** Locks the review row: votes, reports and edits of one review happen one at a time. */
  async lock(trx: Knex, id: number): Promise<ReviewFacts | null> {
    // Prepared: every helpful vote starts here.
    const [row] = await preparedRows<ReviewFactsRow>(
      trx,
      trx('reviews').where({ id }).forUpdate().first(FACT_COLUMNS),
    );
    return row ? toFacts(row) : null;
  },

  async find(db: Knex, id: number): Promise<ReviewFacts | null> {
    const row = await db('reviews').where({ id }).first(FACT_COLUMNS);
    return row ? toFacts(row as ReviewFactsRow) : null;
  },

  async update(trx: Knex, id: number, changes: ReviewChanges): Promise<ReviewFacts> {
    const patch: Record<string, unknown> = {};
    if (changes.rating !== undefined) patch.rating = changes.rating;
    if (changes.content !== undefined) patch.content = changes.content;
    if (changes.pros !== undefined) patch.pros = changes.pros;
    if (changes.cons !== undefined) patch.cons = changes.cons;
    if (changes.photos !== undefined) patch.photos = changes.photos;
    const [row] = await trx('reviews')
      .where({ id })
      .update({
        ...patch,
        version: trx.raw('version + 1'),
        updated_at: trx.fn.now(),
        // "Edited" on the card: only the author's changes come through here (migration 014).
        edited_at: trx.fn.now(),
      })
      .returning(FACT_COLUMNS);
    return toFacts(row as ReviewFactsRow);
  },

  /** A new version without a content change (another fact others project changed). */
  async bumpVersion(trx: Knex, id: number): Promise<ReviewFacts> {
    const [row] = await trx('reviews')
      .where({ id })
      .update({ version: trx.raw('version + 1') })
      .returning(FACT_COLUMNS);
    return toFacts(row as ReviewFactsRow);
  },

  async setTags(trx: Knex, reviewId: number, groupIds: number[]): Promise<void> {
    await trx('review_tags')
      .where({ review_id: reviewId })
      .whereNotIn('group_id', groupIds)
      .delete();
    if (groupIds.length) {
      await trx('review_tags')
        .insert(groupIds.map((groupId) => ({ review_id: reviewId, group_id: groupId })))
        .onConflict(['review_id', 'group_id'])
        .ignore();
    }
  },

  async tagsOf(db: Knex, reviewId: number): Promise<number[]> {
    const rows: { group_id: number }[] = await db('review_tags')
      .where({ review_id: reviewId })
      .orderBy('group_id')
      .select('group_id');
    return rows.map((row) => row.group_id);
  },

  /** The user's reviews (visible ones), for republishing after a verification change. */
  async idsByUser(db: Knex, userId: number): Promise<number[]> {
    const rows: { id: number }[] = await db('reviews').where({ user_id: userId }).select('id');
    return rows.map((row) => row.id);
  },

  /** A review's read view whatever its status (the domain decides who may see it). */
  async view(db: Knex, id: number, viewerId: number | null): Promise<ModeratedView | null> {
    const [view] = await moderatedViewsOf(
      db,
      'select id from reviews where id = ?',
      [id],
      viewerId,
    );
    return view ?? null;
  },

  /** A business's page (one range of `reviews_business_idx`), hydrated in the same statement. */
  async businessPage(
    db: Knex,
    businessId: number,
    page: PageArgs,
    viewerId: number | null,
  ): Promise<ReviewView[]> {
    return viewsOf(
      db,
      `select id from reviews where business_id = ? and not hidden and id < ?
        order by id desc limit ${take(page)}`,
      [businessId, page.before ?? MAX_ID],
      viewerId,
    );
  },

  /** The author's own reviews, held and removed ones included; of one business when given. */
  async userPage(db: Knex, userId: number, page: PageArgs, businessId?: number) {
    return moderatedViewsOf(
      db,
      `select id from reviews where user_id = ? and (?::int is null or business_id = ?)
          and id < ? order by id desc limit ${take(page)}`,
      [userId, businessId ?? null, businessId ?? null, page.before ?? MAX_ID],
      userId,
    );
  },

  async groupPage(
    db: Knex,
    groupId: number,
    page: PageArgs,
    viewerId: number | null,
  ): Promise<ReviewView[]> {
    return viewsOf(
      db,
      `select review_id as id from review_tags where group_id = ? and not hidden and review_id < ?
        order by review_id desc limit ${take(page)}`,
      [groupId, page.before ?? MAX_ID],
      viewerId,
    );
  },

  /** Published reviews of a member and the helpful votes on them (`reviews_user_idx`). */
  async statsOf(db: Knex, userId: number): Promise<{ reviewCount: number; helpfulVotes: number }> {
    const { rows } = await db.raw<{ rows: { reviews: number; helpful: number }[] }>(
      `select count(*)::int as reviews, coalesce(sum(helpful_count), 0)::int as helpful
         from reviews where user_id = ? and not hidden`,
      [userId],
    );
    return { reviewCount: rows[0]!.reviews, helpfulVotes: rows[0]!.helpful };
  },

  /**
   * The feed: reviews tagged with any of the user's groups, plus the user's own. Each group's
   * newest entries come from one index range (a bounded scan per group), then the merge keeps
   * the newest — the cost does not grow with the size of the groups.
   */
  async feedPage(db: Knex, userId: number, page: PageArgs): Promise<ReviewView[]> {
    const before = page.before ?? MAX_ID;
    const rows = take(page);
    return viewsOf(
      db,
      `select id from (
         select t.review_id as id
           from memberships m
           cross join lateral (
             select review_id from review_tags
              where group_id = m.group_id and not hidden and review_id < ?
              order by review_id desc limit ${rows}
           ) t
          where m.user_id = ? and m.member
         union
         (select id from reviews
           where user_id = ? and not hidden and id < ?
           order by id desc limit ${rows})
       ) ids
       order by id desc
       limit ${rows}`,
      [before, userId, userId, before],
      userId,
    );
  },
};
