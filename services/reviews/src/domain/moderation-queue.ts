import type {
  ModerationLogEntry,
  ModerationQueueItem,
  ModerationReport,
  ModeratedReview,
  Page,
  PageQuery,
} from '@trustcircle/contracts';
import { cutPage, type Knex } from '@trustcircle/service-kit';
import { moderationReads, type AuthorRow, type ReportRow } from '../store/moderation-reads';
import { withModeration } from './moderation';
import { moderationLogCursor, moderationQueueCursor } from './paging';
import { accountAgeDays } from './standing';

const person = (id: number, username: string | null, name: string | null) => ({
  id,
  username: username ?? '',
  name: name ?? '',
});

function toReport(row: ReportRow): ModerationReport {
  return {
    id: row.id,
    reason: row.reason as ModerationReport['reason'],
    details: row.details,
    createdAt: row.created_at.toISOString(),
    status: row.status,
    reporter: person(row.user_id, row.username, row.name),
    standing: {
      verified: row.reporter_verified,
      emailConfirmed: row.reporter_email_confirmed,
      accountAgeDays: row.reporter_age_days,
      upheldReports: row.reporter_upheld,
      rejectedReports: row.reporter_rejected,
      weight: row.weight,
    },
  };
}

function toAuthor(row: AuthorRow | undefined, review: ModeratedReview, now: Date) {
  return {
    ...person(review.userId, row?.username ?? review.user.username, row?.name ?? review.user.name),
    isVerified: row?.is_verified ?? review.user.isVerified,
    accountAgeDays: accountAgeDays(row?.created_at ?? null, now),
    reviewCount: Object.values(row?.statuses ?? {}).reduce((sum, n) => sum + n, 0),
    heldCount: row?.statuses.held ?? 0,
    removedCount: row?.statuses.removed ?? 0,
  };
}

/** What moderators read: the queue (by report weight, then age) and the log. */
export function createModerationQueue({ db }: { db: Knex }) {
  return {
    async queue(moderatorId: number, query: PageQuery): Promise<Page<ModerationQueueItem>> {
      const entries = await moderationReads.queuePage(
        db,
        moderationQueueCursor.decode(query.cursor),
        query.limit + 1,
      );
      const { items: page, nextCursor } = cutPage(
        entries,
        query.limit,
        moderationQueueCursor,
        (last) => ({ weight: last.report_weight, seq: last.seq }),
      );
      const ids = page.map((entry) => entry.review_id);
      if (ids.length === 0) return { items: [], nextCursor: null };
      const views = await moderationReads.reviews(db, ids, moderatorId);
      const reviews = new Map(
        views.map((view) => [view.id, JSON.parse(withModeration(view)) as ModeratedReview]),
      );
      const reports = await moderationReads.reports(db, ids);
      const authors = new Map(
        (await moderationReads.authors(db, [...new Set(views.map((view) => view.authorId))])).map(
          (row) => [row.user_id, row],
        ),
      );
      const now = new Date();
      const items = page.map((entry): ModerationQueueItem => {
        const review = reviews.get(entry.review_id)!;
        return {
          review,
          queuedAt: entry.queued_at.toISOString(),
          causes: entry.causes,
          reportWeight: entry.report_weight,
          reports: reports.filter((row) => row.review_id === entry.review_id).map(toReport),
          appeal: entry.appeal_at
            ? { message: entry.appeal_message, createdAt: entry.appeal_at.toISOString() }
            : null,
          author: toAuthor(authors.get(review.userId), review, now),
        };
      });
      return { items, nextCursor };
    },

    async log(query: PageQuery): Promise<Page<ModerationLogEntry>> {
      const rows = await moderationReads.logPage(
        db,
        moderationLogCursor.decode(query.cursor)?.id ?? null,
        query.limit + 1,
      );
      const cut = cutPage(rows, query.limit, moderationLogCursor, (last) => ({ id: last.id }));
      return {
        items: cut.items.map((row) => ({
          id: row.id,
          reviewId: row.review_id,
          businessId: row.business_id,
          businessName: row.business_name ?? `Business #${row.business_id}`,
          action: row.action as ModerationLogEntry['action'],
          reason: row.reason,
          actor:
            row.actor_id === null ? null : person(row.actor_id, row.actor_username, row.actor_name),
          createdAt: row.created_at.toISOString(),
        })),
        nextCursor: cut.nextCursor,
      };
    },
  };
}
export type ModerationQueue = ReturnType<typeof createModerationQueue>;
