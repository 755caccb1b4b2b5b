import {
  PHOTO_NOT_FOUND,
  REVIEW_ALREADY_EXISTS,
  REVIEW_ALREADY_REPORTED,
  REVIEW_BUSINESS_NOT_FOUND,
  REVIEW_BUSINESS_PENDING,
  REVIEW_DELETE_NOT_AUTHOR,
  REVIEW_MEMBERSHIP_PENDING,
  REVIEW_NOT_A_MEMBER,
  REVIEW_NOT_AUTHOR,
  REVIEW_NOT_FOUND,
  REVIEW_OWN_REPORT,
  USER_NOT_FOUND,
  isUsernameShaped,
  type CreateReviewRequest,
  type FeedQuery,
  type PageQuery,
  type ReportReviewRequest,
  type ReviewListQuery,
  type ReviewReport,
  type ReviewStats,
  type UpdateReviewRequest,
  type UserReviewsQuery,
  type Page,
} from '@trustcircle/contracts';
import {
  conflict,
  cutPage,
  fieldError,
  forbidden,
  isUniqueViolation,
  notFound,
  publish,
  unauthorized,
  type Knex,
} from '@trustcircle/service-kit';
import { publishReview } from '../events/review-events';
import { communityFeedPage, followingFeedPage, peopleToFollow } from '../store/community-feed';
import { leaversStore } from '../store/leavers-store';
import { photosStore } from '../store/photos-store';
import { projectionsStore } from '../store/projections-store';
import { moderationStore, REPORT_UNIQUE_KEY } from '../store/moderation-store';
import { newReviewFacts, type NewReviewFacts } from '../store/new-review-facts';
import type { ReviewView } from '../store/review-cards';
import { REVIEW_UNIQUE_KEY, reviewsStore, type ReviewFacts } from '../store/reviews-store';
import { businessPages, type KeptBusinessPages } from './business-pages';
import { writeNewReview } from './new-review';
import { photoIdsOf } from './photos';
import { afterReport, withModeration } from './moderation';
import { mayBeArriving, membershipVerdict, stillProcessing } from './projection-gaps';
import { reviewCursor, sortedReviewCursors } from './paging';
import { sortedPage, type ListScope } from '../store/review-lists';
import { reviewSummaryOf } from '../store/review-summary';
import { accountAgeDays, standingOf } from './standing';

export interface ReviewsDeps {
  db: Knex;
  /** A business's first pages kept while reviews is unchanged (business-pages.ts). */
  keptPages?: KeptBusinessPages;
}

/** A review's read view (spec §3) as JSON text, as the store renders it. */
export type ReviewJson = string;
export type ReviewPage = Page<ReviewJson>;

const visible = (facts: ReviewFacts | null): facts is ReviewFacts =>
  Boolean(facts && !facts.hidden);

export function createReviews({ db, keptPages }: ReviewsDeps) {
  const businessPage = businessPages(db, keptPages);

  /** Reviews are shared with the author's groups only; a join on its way answers retryably. */
  function checkMembership({ rows, highestGroupId }: NewReviewFacts['memberships']): void {
    const verdict = membershipVerdict(rows, highestGroupId);
    if (verdict === 'refused') throw forbidden(REVIEW_NOT_A_MEMBER);
    if (verdict === 'pending') throw stillProcessing(REVIEW_MEMBERSHIP_PENDING);
  }

  async function requireMembership(userId: number, groupIds: number[]): Promise<void> {
    checkMembership(await projectionsStore.memberships(db, userId, groupIds));
  }

  /** What a new review is checked against, in the order the answers say it. */
  function checkNewReview(businessId: number, known: NewReviewFacts): void {
    if (known.reviewed) throw conflict(REVIEW_ALREADY_EXISTS);
    if (!known.business.known) {
      if (mayBeArriving(businessId, known.business.highestBusinessId)) {
        throw stillProcessing(REVIEW_BUSINESS_PENDING);
      }
      throw fieldError('businessId', REVIEW_BUSINESS_NOT_FOUND);
    }
    checkMembership(known.memberships);
  }

  /**
   * A review's photos become `urls` (uploads the author made, and no others); `isNew`: the
   * review has none yet to let go.
   */
  /** Gives an edited review exactly these photos (the author's, free or already its own). */
  async function attachPhotos(trx: Knex, reviewId: number, userId: number, urls: string[]) {
    const ids = photoIdsOf(urls);
    const claimed = await photosStore.attach(trx, reviewId, userId, ids);
    if (claimed !== ids.length) throw fieldError('photos', PHOTO_NOT_FOUND);
  }

  /**
   * A review as the viewer may see it: held and removed ones only by their author and
   * moderators, who also get `moderation` when they ask for it (reads, not write answers).
   */
  async function view(
    id: number,
    viewerId: number | null,
    { moderator = false, moderation = false } = {},
  ): Promise<ReviewJson> {
    const review = await reviewsStore.view(db, id, viewerId);
    const privileged = moderator || (review !== null && review.authorId === viewerId);
    if (!review || (review.hidden && !privileged)) throw notFound(REVIEW_NOT_FOUND);
    return privileged && moderation ? withModeration(review) : review.json;
  }

  /** The store answers up to `limit + 1` reviews, already rendered: cut to the page. */
  function page(rows: ReviewView[], query: PageQuery): ReviewPage {
    const cut = cutPage(rows, query.limit, reviewCursor, (last) => ({ id: last.id }));
    return { items: cut.items.map((row) => row.json), nextCursor: cut.nextCursor };
  }

  const pageArgs = (query: PageQuery) => ({
    before: reviewCursor.decode(query.cursor)?.id ?? null,
    limit: query.limit,
  });

  /** Newest first with no filter: the index-ordered keyset lists that came before sorting. */
  const isPlainList = (query: ReviewListQuery) =>
    query.sort === 'newest' &&
    !query.stars?.length &&
    !query.withPhotos &&
    !query.following &&
    query.groupId === undefined;

  /** A profile's member by username (in any letter case), or "User not found". */
  async function memberNamed(username: string): Promise<number> {
    const userId = isUsernameShaped(username)
      ? await projectionsStore.userIdByUsername(db, username)
      : null;
    if (userId === null) throw notFound(USER_NOT_FOUND);
    return userId;
  }

  async function sorted(
    scope: ListScope,
    query: ReviewListQuery,
    viewerId: number | null,
  ): Promise<ReviewPage> {
    const cursors = sortedReviewCursors[query.sort];
    const after = cursors.decode(query.cursor);
    if (query.following && viewerId === null) throw unauthorized();
    const rows = await sortedPage(
      db,
      scope,
      {
        sort: query.sort,
        filter: {
          stars: query.stars,
          withPhotos: query.withPhotos,
          groupId: query.groupId,
          followedBy: query.following ? (viewerId ?? undefined) : undefined,
        },
        after,
        limit: query.limit,
      },
      viewerId,
    );
    const cut = cutPage(rows, query.limit, cursors, (last) =>
      query.sort === 'relevant'
        ? { offset: (after?.offset ?? 0) + query.limit }
        : { id: last.id, rating: query.sort === 'newest' ? undefined : last.rating },
    );
    return { items: cut.items.map((row) => row.json), nextCursor: cut.nextCursor };
  }

  return {
    /** `writtenAt`: a backdated demo review's date (domain/backdating.ts); null is now. */
    async create(
      userId: number,
      input: CreateReviewRequest,
      writtenAt: Date | null = null,
    ): Promise<ReviewJson> {
      const known = await newReviewFacts(db, userId, input.businessId, input.groupIds);
      checkNewReview(input.businessId, known);
      let id: number;
      try {
        id = await writeNewReview(db, userId, input, writtenAt, known);
      } catch (error) {
        // Two submissions racing: the unique constraint decides.
        if (isUniqueViolation(error, REVIEW_UNIQUE_KEY)) throw conflict(REVIEW_ALREADY_EXISTS);
        throw error;
      }
      return view(id, userId);
    },

    /** The edited review, and its business (the one part of reviews an edit changes). */
    async update(
      userId: number,
      reviewId: number,
      input: UpdateReviewRequest,
    ): Promise<{ review: ReviewJson; businessId: number }> {
      const current = await reviewsStore.find(db, reviewId);
      if (!visible(current)) throw notFound(REVIEW_NOT_FOUND);
      if (current.userId !== userId) throw forbidden(REVIEW_NOT_AUTHOR);
      if (input.groupIds) {
        // Groups it is already shared with stay allowed; newly added ones need membership.
        const tagged = new Set(await reviewsStore.tagsOf(db, reviewId));
        const added = input.groupIds.filter((groupId) => !tagged.has(groupId));
        if (added.length) await requireMembership(userId, added);
      }
      await db.transaction(async (trx) => {
        const locked = await reviewsStore.lock(trx, reviewId);
        if (!visible(locked)) throw notFound(REVIEW_NOT_FOUND);
        const facts = await reviewsStore.update(trx, reviewId, input);
        if (input.groupIds) await reviewsStore.setTags(trx, reviewId, input.groupIds);
        if (input.photos) await attachPhotos(trx, reviewId, userId, input.photos);
        await publishReview(trx, 'reviews.review.updated', facts);
      });
      return { review: await view(reviewId, userId), businessId: current.businessId };
    },

    /**
     * The author takes their review down for good, whatever its moderation status (the
     * moderation log keeps its decisions); scores and group counts follow the event. Answers
     * the review's business.
     */
    async remove(userId: number, reviewId: number): Promise<number> {
      return db.transaction(async (trx) => {
        const locked = await reviewsStore.lock(trx, reviewId);
        if (!locked) throw notFound(REVIEW_NOT_FOUND);
        if (locked.userId !== userId) throw forbidden(REVIEW_DELETE_NOT_AUTHOR);
        const facts = await reviewsStore.bumpVersion(trx, reviewId);
        const { id, businessId, version } = facts;
        await publish(trx, 'reviews.review.deleted', { id, businessId, version });
        await leaversStore.deleteReview(trx, reviewId);
        return businessId;
      });
    },

    /** Held and removed reviews are not found, except by their author and moderators. */
    async get(reviewId: number, viewerId: number | null, moderator = false): Promise<ReviewJson> {
      return view(reviewId, viewerId, { moderator, moderation: true });
    },

    /**
     * A report weighs by the reporter's standing (domain/standing.ts); any report queues the
     * review for moderators, and enough weight holds it until they decide. Answers the report
     * and the business whose review it is: all it may change.
     */
    async report(
      userId: number,
      reviewId: number,
      input: ReportReviewRequest,
    ): Promise<{ report: ReviewReport; businessId: number }> {
      try {
        return await db.transaction(async (trx) => {
          const facts = await reviewsStore.lock(trx, reviewId);
          if (!visible(facts)) throw notFound(REVIEW_NOT_FOUND);
          if (facts.userId === userId) throw forbidden(REVIEW_OWN_REPORT);
          const record = await moderationStore.reporterRecord(trx, userId);
          const standing = standingOf({
            verified: record.verified,
            emailConfirmed: record.emailConfirmed,
            accountAgeDays: accountAgeDays(record.createdAt, new Date()),
            upheldReports: record.upheld,
            rejectedReports: record.rejected,
          });
          const report = await moderationStore.insertReport(
            trx,
            { ...input, reviewId, userId },
            standing,
          );
          await afterReport(trx, facts);
          return { report, businessId: facts.businessId };
        });
      } catch (error) {
        if (isUniqueViolation(error, REPORT_UNIQUE_KEY)) throw conflict(REVIEW_ALREADY_REPORTED);
        throw error;
      }
    },

    /** "People to follow" on the home (issue 18): active members of my groups. */
    peopleToFollow: (userId: number, limit: number) => peopleToFollow(db, userId, limit),

    /** The home feed: shared with my groups and mine (`groups`), or everyone's (`all`). */
    async feed(userId: number, query: FeedQuery): Promise<ReviewPage> {
      const feeds = {
        all: communityFeedPage,
        following: followingFeedPage,
        groups: reviewsStore.feedPage,
      } as const;
      const rows = await feeds[query.scope](db, userId, pageArgs(query));
      return page(rows, query);
    },

    /**
     * The author's own reviews, held and removed ones included, each with `moderation`; sorted
     * another way or filtered (the profile), the ones others can see, as a business lists them.
     */
    /** The profile's counts (contracts' ReviewSummary), whatever the list's paging. */
    summary: (userId: number) => reviewSummaryOf(db, userId),

    async byUser(userId: number, query: UserReviewsQuery): Promise<ReviewPage> {
      if (query.businessId === undefined && !isPlainList(query)) {
        return sorted({ userId }, query, userId);
      }
      const rows = await reviewsStore.userPage(db, userId, pageArgs(query), query.businessId);
      return page(
        rows.map((row) => ({ id: row.id, json: withModeration(row) })),
        query,
      );
    },

    async byGroup(
      groupId: number,
      query: ReviewListQuery,
      viewerId: number | null,
    ): Promise<ReviewPage> {
      const result = isPlainList(query)
        ? page(await reviewsStore.groupPage(db, groupId, pageArgs(query), viewerId), query)
        : await sorted({ groupId }, query, viewerId);
      // As for a business below: reviews found prove the group exists (groups are never
      // deleted), so the projection is looked up only when the page is empty.
      if (result.items.length === 0 && !(await projectionsStore.groupExists(db, groupId))) {
        throw notFound('Group not found');
      }
      return result;
    },

    /** A profile's figures (issue 18): published reviews and the helpful votes they received. */
    async statsOf(username: string): Promise<ReviewStats> {
      return reviewsStore.statsOf(db, await memberNamed(username));
    },

    /** A member's visible reviews on their profile (issue 18), sorted and filtered. */
    async byUsername(
      username: string,
      query: ReviewListQuery,
      viewerId: number | null,
    ): Promise<ReviewPage> {
      return sorted({ userId: await memberNamed(username) }, query, viewerId);
    },

    async byBusiness(
      businessId: number,
      query: ReviewListQuery,
      viewerId: number | null,
    ): Promise<ReviewPage> {
      const result = isPlainList(query)
        ? page(await businessPage(businessId, pageArgs(query), viewerId), query)
        : await sorted({ businessId }, query, viewerId);
      // A review is only ever written for a known business: reviews found prove it exists, so
      // the projection is looked up only when the page is empty. A read never waits: a
      // business created a moment ago may answer 404 for those milliseconds.
      if (result.items.length === 0 && !(await projectionsStore.findBusiness(db, businessId))) {
        throw notFound(REVIEW_BUSINESS_NOT_FOUND);
      }
      return result;
    },
  };
}
export type Reviews = ReturnType<typeof createReviews>;
