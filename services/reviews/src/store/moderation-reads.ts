import type { ReviewStatus } from '@trustcircle/contracts';
import type { Knex } from '@trustcircle/service-kit';
import type { QueueRow } from './moderation-store';
import { moderatedViewsOf, type ModeratedView } from './review-cards';

/** A queue row as a page lists it. */
export type QueueEntryRow = Omit<QueueRow, 'business_id'>;

export interface ReportRow {
  id: number;
  review_id: number;
  reason: string;
  details: string | null;
  created_at: Date;
  status: 'open' | 'upheld' | 'rejected';
  user_id: number;
  username: string | null;
  name: string | null;
  reporter_verified: boolean;
  reporter_email_confirmed: boolean;
  reporter_age_days: number;
  reporter_upheld: number;
  reporter_rejected: number;
  weight: number;
}

export interface AuthorRow {
  user_id: number;
  username: string | null;
  name: string | null;
  is_verified: boolean | null;
  created_at: Date | null;
  statuses: Partial<Record<ReviewStatus, number>>;
}

export interface LogRow {
  id: number;
  review_id: number;
  business_id: number;
  business_name: string | null;
  action: string;
  reason: string | null;
  actor_id: number | null;
  actor_username: string | null;
  actor_name: string | null;
  created_at: Date;
}

/** Keyset position in the queue: report weight (descending), then order of queueing. */
export interface QueuePosition {
  weight: number;
  seq: string;
}

/** The moderators' reads: queue pages with what each item shows, and the log. */
export const moderationReads = {
  async queuePage(db: Knex, after: QueuePosition | null, rows: number): Promise<QueueEntryRow[]> {
    return db('moderation_queue')
      .modify((query) => {
        if (after) {
          query.where((where) =>
            where
              .where('report_weight', '<', after.weight)
              .orWhere((tie) =>
                tie.where('report_weight', '=', after.weight).where('seq', '>', after.seq),
              ),
          );
        }
      })
      .orderBy([
        { column: 'report_weight', order: 'desc' },
        { column: 'seq', order: 'asc' },
      ])
      .limit(rows)
      .select(
        'review_id',
        'seq',
        'queued_at',
        'causes',
        'report_weight',
        'appeal_message',
        'appeal_at',
      );
  },

  async reviews(db: Knex, ids: number[], viewerId: number): Promise<ModeratedView[]> {
    return moderatedViewsOf(db, { ids: 'select unnest(?::int[]) as id' }, [ids], viewerId);
  },

  async reports(db: Knex, reviewIds: number[]): Promise<ReportRow[]> {
    return db('review_reports as p')
      .leftJoin('users as u', 'u.id', 'p.user_id')
      .whereIn('p.review_id', reviewIds)
      .orderBy(['p.review_id', 'p.id'])
      .select(
        'p.id',
        'p.review_id',
        'p.reason',
        'p.details',
        'p.created_at',
        'p.status',
        'p.user_id',
        'u.username',
        'u.name',
        'p.reporter_verified',
        'p.reporter_email_confirmed',
        'p.reporter_age_days',
        'p.reporter_upheld',
        'p.reporter_rejected',
        'p.weight',
      );
  },

  /** Each author's projection and how many of their reviews are in each status. */
  async authors(db: Knex, userIds: number[]): Promise<AuthorRow[]> {
    const result = await db.raw<{ rows: AuthorRow[] }>(
      `select a.user_id, u.username, u.name, u.is_verified, u.created_at,
              (select coalesce(json_object_agg(s.status, s.n), '{}'::json)
                 from (select status, count(*)::int as n from reviews
                        where user_id = a.user_id group by status) s) as statuses
         from unnest(?::int[]) as a(user_id)
         left join users u on u.id = a.user_id`,
      [userIds],
    );
    return result.rows;
  },

  async logPage(db: Knex, before: number | null, rows: number): Promise<LogRow[]> {
    return db('moderation_log as l')
      .leftJoin('businesses as b', 'b.id', 'l.business_id')
      .leftJoin('users as u', 'u.id', 'l.actor_id')
      .modify((query) => {
        if (before !== null) query.where('l.id', '<', before);
      })
      .orderBy('l.id', 'desc')
      .limit(rows)
      .select(
        'l.id',
        'l.review_id',
        'l.business_id',
        'b.name as business_name',
        'l.action',
        'l.reason',
        'l.actor_id',
        'u.username as actor_username',
        'u.name as actor_name',
        'l.created_at',
      );
  },
};
