import {
  BUSINESS_NAME_TAKEN,
  BUSINESS_NOT_FOUND,
  CATEGORIES,
  type BusinessCreate,
  type BusinessDetail,
  type BusinessListQuery,
  type BusinessSummary,
  type TrendingBusiness,
  type Page,
  BUSINESS_EDIT_FORBIDDEN,
  type BusinessUpdate,
  DETAIL_GROUP_SCORES,
  type GroupScoresQuery,
  type GroupTrustScore,
} from '@trustcircle/contracts';
import {
  conflict,
  createReadCache,
  cursorCodec,
  cursorId,
  cutPage,
  forbidden,
  isUniqueViolation,
  notFound,
  renderPage,
  type Knex,
  type RenderedPage,
} from '@trustcircle/service-kit';
import { z } from 'zod';
import { atMostEvery } from './at-most-every';
import { publishBusinessCreated, publishBusinessUpdated } from '../events/business-events';
import {
  businessesStore,
  NAME_IN_CATEGORY_KEY,
  type BusinessRow,
  type GroupScoreRow,
} from '../store/businesses-store';
import type { GroupSumsTimes } from '../store/group-sums-times';
import { recomputeBusiness } from './scoring';
import { communityRating, groupScore, groupSumsAt } from './trust-score';

export interface BusinessesDeps {
  db: Knex;
  trendingDays: number;
  /** How long a search's answer is reused (0: never): SEARCH_CACHE_SECONDS. */
  searchCacheMs: number;
  /** How long trending's answer is reused (0: never): TRENDING_CACHE_SECONDS. */
  trendingCacheMs: number;
}

/** Distinct searches remembered at once (each answer is one page of at most 50 rows). */
const SEARCH_CACHE_ENTRIES = 2_000;

/** Plain lists page by id; ranked search results by offset (the rank is not a stable key). */
const listCursor = cursorCodec('businesses', z.object({ id: cursorId }));
const groupScoresCursor = cursorCodec(
  'group-scores',
  z.object({ reviewCount: z.number().int().min(0), groupId: cursorId }),
);
const searchCursor = cursorCodec(
  'business-search',
  z.object({ offset: z.number().int().min(0).max(1_000_000) }),
);

export const TRENDING_LIMIT = 5;
/** The longest a review applied here waits to be counted in trending's answer. */
export const TRENDING_REFRESH_MS = 1000;
export const SIMILAR_LIMIT = 4;

export function toSummary(row: BusinessRow): BusinessSummary {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    category: row.category,
    image: row.image,
    createdAt: row.created_at.toISOString(),
    globalTrustScore: row.global_trust_score,
    reviewCount: row.review_count,
  };
}

const nameTaken = () =>
  conflict(BUSINESS_NAME_TAKEN, [{ path: 'name', message: BUSINESS_NAME_TAKEN }]);

/** Categories match case-insensitively ("restaurants" is Restaurants); unknown is null. */
export function canonicalCategory(value: string): string | null {
  const wanted = value.trim().toLowerCase();
  return CATEGORIES.find((category) => category.toLowerCase() === wanted) ?? null;
}

export function createBusinesses({
  db,
  trendingDays,
  searchCacheMs,
  trendingCacheMs,
}: BusinessesDeps) {
  // The same search asked again within seconds (the top bar's suggestions as people type, a
  // popular word) costs a ranking of every match: answered from memory instead. A business
  // this process adds or edits clears it; scores in the answers may be up to twice that many
  // seconds old (read-cache.ts: an old answer is given while its replacement loads).
  // Each answer is kept rendered (service-kit `renderPage`): thousands of pages of row objects
  // kept for seconds were what catalog's full collections marked.
  const searches = createReadCache<RenderedPage>({
    max: SEARCH_CACHE_ENTRIES,
    ttlMs: searchCacheMs,
  });
  // Trending is the same answer for everyone and aggregates the week's facts on every call:
  // 2-5 ms of Postgres on 100,000 reviews, some 20 on a million, served 370 times a second at
  // most here. Reused for seconds; a business this replica adds or edits clears it, and a
  // review its consumer applies clears it within TRENDING_REFRESH_MS: cleared on every review,
  // a site taking 30 a second ranked the week's reviews on nearly every call.
  const trendingAnswers = createReadCache<TrendingBusiness[]>({ max: 1, ttlMs: trendingCacheMs });
  const reviewsApplied = atMostEvery(() => trendingAnswers.clear(), TRENDING_REFRESH_MS);
  const forgetAnswers = () => {
    searches.clear();
    trendingAnswers.clear();
  };
  return {
    /** Facts behind trending changed (a review applied here): read afresh within a second. */
    forgetTrending(): void {
      reviewsApplied();
    },

    categories(): Promise<string[]> {
      return businessesStore.categories(db);
    },

    async list(query: BusinessListQuery): Promise<RenderedPage> {
      let category: string | undefined;
      if (query.category !== undefined && query.category.trim() !== '') {
        const known = canonicalCategory(query.category);
        // An unknown category names no business: an empty list, not an error.
        if (!known) return renderPage({ items: [], ...(query.total ? { total: 0 } : {}) });
        category = known;
      }
      const text = query.search?.trim() ?? '';
      if (text) {
        const start = searchCursor.decode(query.cursor)?.offset ?? 0;
        const options = {
          text,
          category,
          offset: start,
          limit: query.limit + 1,
          total: Boolean(query.total) && start === 0,
        };
        // The page is a function of `options` alone: the key.
        return searches.get(JSON.stringify(options), async () => {
          const { rows, total } = await businessesStore.search(db, options);
          const more = rows.length > query.limit;
          return renderPage({
            items: rows.slice(0, query.limit).map(toSummary),
            nextCursor: more ? searchCursor.encode({ offset: start + query.limit }) : null,
            // Past the last match the window has no row to carry the count: only page 1 tells it.
            ...(options.total ? { total } : {}),
          });
        });
      }
      const afterId = listCursor.decode(query.cursor)?.id;
      const [rows, total] = await Promise.all([
        businessesStore.list(db, { category, afterId, limit: query.limit + 1 }),
        query.total && afterId === undefined ? businessesStore.count(db, category) : undefined,
      ]);
      const page = cutPage(rows, query.limit, listCursor, (last) => ({ id: last.id }));
      return renderPage({
        items: page.items.map(toSummary),
        nextCursor: page.nextCursor,
        ...(total !== undefined ? { total } : {}),
      });
    },

    trending(): Promise<TrendingBusiness[]> {
      return trendingAnswers.get('trending', async () => {
        const since = new Date(Date.now() - trendingDays * 86_400_000);
        const rows = await businessesStore.trending(db, since, TRENDING_LIMIT);
        return rows.map((row) => ({ ...toSummary(row), reviewsThisWeek: row.reviews_this_week }));
      });
    },

    async get(id: number): Promise<BusinessDetail> {
      const row = await businessesStore.findWithGroupScores(db, id, DETAIL_GROUP_SCORES);
      if (!row) throw notFound(BUSINESS_NOT_FOUND);
      const groups = row.group_scores.map((group) => toGroupScore(group, row));
      const detail = toDetail(row, groups, row.community_count);
      const activity = row.activity;
      if (activity?.flagged && activity.since) {
        detail.unusualActivity = {
          since: new Date(activity.since).toISOString(),
          reviewCount: activity.review_count ?? 0,
        };
      }
      return detail;
    },

    /** Every group's score for the business, page by page (the Communities tab). */
    async groupScores(id: number, query: GroupScoresQuery): Promise<Page<GroupTrustScore>> {
      const after = groupScoresCursor.decode(query.cursor) ?? undefined;
      const [exists, rows] = await Promise.all([
        businessesStore.groupScoresBasis(db, id),
        businessesStore.groupScores(db, id, { after, limit: query.limit + 1 }),
      ]);
      if (!exists) throw notFound(BUSINESS_NOT_FOUND);
      const page = cutPage(rows, query.limit, groupScoresCursor, (last) => ({
        reviewCount: last.review_count,
        groupId: last.group_id,
      }));
      return {
        items: page.items.map((group) => toGroupScore(group, exists)),
        nextCursor: page.nextCursor,
      };
    },

    async similar(id: number): Promise<BusinessSummary[]> {
      const row = await businessesStore.findById(db, id);
      if (!row) throw notFound(BUSINESS_NOT_FOUND);
      return (await businessesStore.similar(db, row, SIMILAR_LIMIT)).map(toSummary);
    },

    async create(input: BusinessCreate, userId: number): Promise<BusinessDetail> {
      if (await businessesStore.nameTaken(db, input.name, input.category)) throw nameTaken();
      try {
        const created = await db.transaction(async (trx) => {
          const row = await businessesStore.insert(trx, input, userId);
          // Facts can only precede their business in a replayed history; take them into account.
          await recomputeBusiness(trx, row.id);
          await publishBusinessCreated(trx, row);
          const fresh = (await businessesStore.findById(trx, row.id)) ?? row;
          return toDetail(fresh, [], 0);
        });
        forgetAnswers();
        return created;
      } catch (error) {
        // Two creations racing for one name: the unique index decides.
        if (isUniqueViolation(error, NAME_IN_CATEGORY_KEY)) throw nameTaken();
        throw error;
      }
    },

    /** Only whoever added the business edits it; others read `catalog.business.updated`. */
    async update(id: number, changes: BusinessUpdate, userId: number): Promise<BusinessDetail> {
      try {
        await db.transaction(async (trx) => {
          const current = await businessesStore.lockForEdit(trx, id);
          if (!current) throw notFound(BUSINESS_NOT_FOUND);
          if (current.createdBy !== userId) throw forbidden(BUSINESS_EDIT_FORBIDDEN);
          const before = (await businessesStore.findById(trx, id))!;
          const name = changes.name ?? before.name;
          const category = changes.category ?? before.category;
          if (await businessesStore.nameTaken(trx, name, category, id)) throw nameTaken();
          await businessesStore.update(trx, id, changes);
          await publishBusinessUpdated(trx, (await businessesStore.findById(trx, id))!);
        });
        forgetAnswers();
      } catch (error) {
        if (isUniqueViolation(error, NAME_IN_CATEGORY_KEY)) throw nameTaken();
        throw error;
      }
      return this.get(id);
    },
  };
}
export type Businesses = ReturnType<typeof createBusinesses>;

/** A group's score from its stored sums, read at the business's decay reference. */
function toGroupScore(
  row: GroupScoreRow,
  business: { global_trust_score: number } & GroupSumsTimes,
): GroupTrustScore {
  const stored = { weight: row.weight, weightedRating: row.weighted_rating };
  const sums = groupSumsAt(stored, business.groups_at_ms, business.newest_ms);
  return {
    groupId: row.group_id,
    groupName: row.group_name ?? `Group #${row.group_id}`,
    score: groupScore(business.global_trust_score, sums),
    reviewCount: row.review_count,
  };
}

function toDetail(row: BusinessRow, groupTrustScores: GroupTrustScore[], communityCount: number) {
  const detail: BusinessDetail = {
    ...toSummary(row),
    communityRating: communityRating(row.positive_count, row.review_count),
    groupTrustScores,
    communityCount,
    unusualActivity: null,
  };
  if (row.address) detail.address = row.address;
  if (row.phone) detail.phone = row.phone;
  if (row.website) detail.website = row.website;
  if (row.opening_hours) detail.openingHours = row.opening_hours;
  return detail;
}
