import type {
  ModerationLogEntry,
  QueueCause,
  ReportReviewRequest,
  ReviewReport,
  ReviewStatus,
} from '@trustcircle/contracts';
import type { Knex } from '@trustcircle/service-kit';
import type { ModerationState, ReporterRecord } from '../domain/standing';
import { FACT_COLUMNS, toFacts, type ReviewFacts } from './reviews-store';

export const REPORT_UNIQUE_KEY = 'review_reports_review_user_key';

export interface QueueRow {
  review_id: number;
  business_id: number;
  seq: string;
  queued_at: Date;
  causes: QueueCause[];
  report_weight: number;
  appeal_message: string | null;
  appeal_at: Date | null;
}

export interface LogWrite {
  reviewId: number;
  businessId: number;
  action: ModerationLogEntry['action'];
  reason: string | null;
  actorId: number | null;
}

/** All SQL on reports, the moderation queue and the moderation log. */
export const moderationStore = {
  /** A reporter's verification, confirmed address, account creation and decided reports. */
  async reporterRecord(
    db: Knex,
    userId: number,
  ): Promise<{
    verified: boolean;
    emailConfirmed: boolean;
    createdAt: Date | null;
    upheld: number;
    rejected: number;
  }> {
    const user = await db('users')
      .where({ id: userId })
      .first('is_verified', 'email_confirmed_at', 'created_at');
    const rows: { status: string; n: string }[] = await db('review_reports')
      .where({ user_id: userId })
      .whereIn('status', ['upheld', 'rejected'])
      .groupBy('status')
      .select('status', db.raw('count(*) as n'));
    const count = (status: string) => Number(rows.find((row) => row.status === status)?.n ?? 0);
    return {
      verified: user?.is_verified === true,
      emailConfirmed: Boolean(user?.email_confirmed_at),
      createdAt: user?.created_at ?? null,
      upheld: count('upheld'),
      rejected: count('rejected'),
    };
  },

  async insertReport(
    trx: Knex,
    report: ReportReviewRequest & { reviewId: number; userId: number },
    standing: ReporterRecord & { weight: number },
  ): Promise<ReviewReport> {
    const [row] = await trx('review_reports')
      .insert({
        review_id: report.reviewId,
        user_id: report.userId,
        reason: report.reason,
        details: report.details,
        weight: standing.weight,
        reporter_verified: standing.verified,
        reporter_email_confirmed: standing.emailConfirmed,
        reporter_age_days: standing.accountAgeDays,
        reporter_upheld: standing.upheldReports,
        reporter_rejected: standing.rejectedReports,
      })
      .returning(['id', 'review_id', 'reason', 'details', 'created_at']);
    return {
      id: row.id,
      reviewId: row.review_id,
      reason: row.reason,
      details: row.details,
      createdAt: (row.created_at as Date).toISOString(),
    };
  },

  async openReportWeight(trx: Knex, reviewId: number): Promise<number> {
    const row = await trx('review_reports')
      .where({ review_id: reviewId, status: 'open' })
      .first(trx.raw('coalesce(sum(weight), 0)::float8 as weight'));
    return Number(row?.weight ?? 0);
  },

  /** Reports of the review in one of `from` get the outcome; answers how many. */
  async decideReports(
    trx: Knex,
    reviewId: number,
    from: ('open' | 'upheld')[],
    outcome: 'upheld' | 'rejected',
  ): Promise<number> {
    return trx('review_reports')
      .where({ review_id: reviewId })
      .whereIn('status', from)
      .update({ status: outcome, decided_at: trx.fn.now() });
  },

  /**
   * Puts the review in the queue, or adds the cause to its entry; answers whether it was not
   * queued before. The entry's report weight is the one given (the open reports' sum).
   */
  async enqueue(
    trx: Knex,
    entry: { reviewId: number; businessId: number; cause: QueueCause; reportWeight: number },
  ): Promise<boolean> {
    const result = await trx.raw<{ rows: { inserted: boolean }[] }>(
      `insert into moderation_queue as q (review_id, business_id, causes, report_weight)
       values (?, ?, array[?::text], ?)
       on conflict (review_id) do update set
         causes = case when ?::text = any(q.causes) then q.causes else q.causes || ?::text end,
         report_weight = excluded.report_weight
       returning (xmax = 0) as inserted`,
      [entry.reviewId, entry.businessId, entry.cause, entry.reportWeight, entry.cause, entry.cause],
    );
    return result.rows[0]?.inserted === true;
  },

  async setAppeal(trx: Knex, reviewId: number, message: string | null): Promise<void> {
    await trx('moderation_queue')
      .where({ review_id: reviewId })
      .update({ appeal_message: message, appeal_at: trx.fn.now() });
  },

  async queued(trx: Knex, reviewId: number): Promise<QueueRow | null> {
    const row = await trx('moderation_queue').where({ review_id: reviewId }).first();
    return (row as QueueRow | undefined) ?? null;
  },

  async dequeue(trx: Knex, reviewId: number): Promise<void> {
    await trx('moderation_queue').where({ review_id: reviewId }).delete();
  },

  /**
   * A new status (and version) for the review, hidden unless published; its group tags follow.
   * `appealed` starts over: each decision may be appealed once.
   */
  async setStatus(
    trx: Knex,
    reviewId: number,
    change: { status: ReviewStatus; reason: string | null },
  ): Promise<ReviewFacts> {
    const hidden = change.status !== 'published';
    await trx('review_tags').where({ review_id: reviewId }).update({ hidden });
    const [row] = await trx('reviews')
      .where({ id: reviewId })
      .update({
        status: change.status,
        hidden,
        moderation_reason: change.reason,
        decided_at: trx.fn.now(),
        appealed: false,
        version: trx.raw('version + 1'),
      })
      .returning(FACT_COLUMNS);
    return toFacts(row);
  },

  async moderationState(trx: Knex, reviewId: number): Promise<ModerationState> {
    const row = await trx('reviews')
      .where({ id: reviewId })
      .first('status', 'moderation_reason', 'decided_at', 'appealed');
    return {
      status: row.status,
      reason: row.moderation_reason,
      decidedAt: row.decided_at,
      appealed: row.appealed,
    };
  },

  async markAppealed(trx: Knex, reviewId: number): Promise<void> {
    await trx('reviews').where({ id: reviewId }).update({ appealed: true });
  },

  async log(trx: Knex, entry: LogWrite): Promise<{ id: number; createdAt: Date }> {
    const [row] = await trx('moderation_log')
      .insert({
        review_id: entry.reviewId,
        business_id: entry.businessId,
        action: entry.action,
        reason: entry.reason,
        actor_id: entry.actorId,
      })
      .returning(['id', 'created_at']);
    return { id: row.id, createdAt: row.created_at };
  },
};
