import type { ReviewStatus } from '@trustcircle/contracts';
import { preparedRows, type Knex } from '@trustcircle/service-kit';
import {
  MAX_ID,
  moderatedViewsOf,
  sharedCardsOf,
  take,
  viewsOf,
  type ModeratedView,
  type PageArgs,
  type PageSource,
  type ReviewView,
} from './review-cards';

export const REVIEW_UNIQUE_KEY = 'reviews_user_business_key';

/** How many of the newest reviews a feed page looks among first (`feedPage`). */
const FEED_WINDOW = 400;

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

/** A business's shown reviews, newest first: one range of `reviews_business_idx`. */
const businessRange = (page: PageArgs): PageSource => ({
  range: (columns) => `select ${columns} from reviews r
    where r.business_id = ? and not r.hidden and r.id < ?
    order by r.id desc limit ${take(page)}`,
});

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
    await reviewsStore.addTags(trx, reviewId, groupIds);
  },

  /** Tags a review with groups (a new review has none to take off: `setTags` for an edit). */
  async addTags(trx: Knex, reviewId: number, groupIds: number[]): Promise<void> {
    if (groupIds.length === 0) return;
    await trx('review_tags')
      .insert(groupIds.map((groupId) => ({ review_id: reviewId, group_id: groupId })))
      .onConflict(['review_id', 'group_id'])
      .ignore();
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
      { range: (columns) => `select ${columns} from reviews r where r.id = ?` },
      [id],
      viewerId,
    );
    return view ?? null;
  },

  /** A business's page: one range of `reviews_business_idx`, its rows read as it goes. */
  async businessPage(
    db: Knex,
    businessId: number,
    page: PageArgs,
    viewerId: number | null,
  ): Promise<ReviewView[]> {
    return viewsOf(db, businessRange(page), [businessId, page.before ?? MAX_ID], viewerId);
  },

  /** A business's page as every viewer sees it, with each card's voters (`sharedCardsOf`). */
  async businessCards(db: Knex, businessId: number, page: PageArgs, mostVoters: number) {
    return sharedCardsOf(db, businessRange(page), [businessId, page.before ?? MAX_ID], mostVoters);
  },

  /** The author's own reviews, held and removed ones included; of one business when given. */
  async userPage(db: Knex, userId: number, page: PageArgs, businessId?: number) {
    return moderatedViewsOf(
      db,
      {
        range: (columns) => `select ${columns} from reviews r
          where r.user_id = ? and (?::int is null or r.business_id = ?)
            and r.id < ? order by r.id desc limit ${take(page)}`,
      },
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
      {
        ids: `select review_id as id from review_tags where group_id = ? and not hidden
          and review_id < ? order by review_id desc limit ${take(page)}`,
      },
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
   * The feed: reviews tagged with any of the user's groups, plus the user's own, newest first.
   * First the tags of the newest `window` reviews (before the page), one backward range of an
   * index by review filtered by the member's groups: a member of busy groups finds a page there,
   * and those are the feeds read again and again (any new review in their groups ends their kept
   * answer). Only when it holds less than a page, each group's newest entries below it, one
   * bounded index range per group (a one-time filter: never run otherwise), then the merge keeps
   * the newest. Twenty groups' ranges cost Postgres about 1.2 ms a page on this project's VMs,
   * the window about 0.4 (docs/performance.md, thirty-sixth session).
   */
  async feedPage(
    db: Knex,
    userId: number,
    page: PageArgs,
    window = FEED_WINDOW,
  ): Promise<ReviewView[]> {
    const before = page.before ?? MAX_ID;
    const rows = take(page);
    // A literal, as `take`'s: a validated small integer, never user text.
    if (!Number.isSafeInteger(window) || window < 1 || window > 100_000) {
      throw new Error(`bad feed window ${window}`);
    }
    return viewsOf(
      db,
      {
        ids: `with mine as materialized (
           select group_id from memberships where user_id = ? and member
         ), reach as materialized (
           select least(?, (select coalesce(max(id), 0) + 1 from reviews)) - ${window} as low
         ), recent as materialized (
           select distinct t.review_id as id
             from review_tags t
            where not t.hidden and t.review_id < ? and t.review_id > (select low from reach)
              and t.group_id = any(array(select group_id from mine))
            order by t.review_id desc limit ${rows}
         )
         select id from (
           select id from recent
           union
           select t.review_id
             from mine m
             cross join lateral (
               select review_id from review_tags
                where group_id = m.group_id and not hidden
                  and review_id <= (select low from reach)
                order by review_id desc limit ${rows}
             ) t
            where (select count(*) from recent) < ${rows}
           union
           (select id from reviews
             where user_id = ? and not hidden and id < ?
             order by id desc limit ${rows})
         ) ids
         order by id desc
         limit ${rows}`,
      },
      [userId, before, before, userId, before],
      userId,
    );
  },
};
