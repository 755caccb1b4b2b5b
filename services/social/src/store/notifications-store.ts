import type { NotificationKind } from '@trustcircle/contracts';
import { preparedRows, type Knex } from '@trustcircle/service-kit';
import type { HelpfulBump } from '../domain/helpful-notices';

/** A notification as stored, with its actor's current display fields (null when unknown). */
export interface NotificationRow {
  id: string;
  user_id: number;
  kind: NotificationKind;
  payload: Record<string, unknown>;
  read_at: Date | null;
  created_at: Date;
  actor_id: number | null;
  actor_username: string | null;
  actor_name: string | null;
  actor_avatar: string | null;
  actor_verified: boolean | null;
  business_name: string | null;
}

/** What the outbox announces for each written notification. */
export interface Written {
  id: number;
  userId: number;
  kind: NotificationKind;
  createdAt: string;
}

interface WrittenRow {
  id: string;
  user_id: number;
  kind: NotificationKind;
  created_at: Date;
}

const toWritten = (row: WrittenRow): Written => ({
  id: Number(row.id),
  userId: row.user_id,
  kind: row.kind,
  createdAt: row.created_at.toISOString(),
});

/** Notifications `n` with their actor and business as they are now: NotificationRow's columns. */
const VIEW_FROM = `notifications n
  left join users u on u.id = n.actor_id and u.deleted_at is null
  left join businesses b on b.id = (n.payload->>'businessId')::int`;
const VIEW_COLUMNS = `n.id, n.user_id, n.kind, n.payload, n.read_at, n.created_at, n.actor_id,
  u.username as actor_username, u.name as actor_name, u.avatar as actor_avatar,
  u.is_verified as actor_verified, b.name as business_name`;

function selectNotifications(db: Knex) {
  return db.select(db.raw(VIEW_COLUMNS)).from(db.raw(VIEW_FROM));
}

/** The kind is on for the recipient `user_id` column of the statement (no row: on). */
const KIND_ON = `not exists (select 1 from notification_preferences p
   where p.user_id = r.user_id and p.kind = r.kind and not p.enabled)`;

/** All SQL on notifications and their preferences. */
export const notificationsStore = {
  /**
   * Takes the recipients' notification locks until commit, in ascending order (no deadlock).
   * A member's notifications are written one transaction at a time, so their ids commit in
   * order and a stream that has sent id n never later finds a smaller id appear.
   */
  async lockRecipients(trx: Knex.Transaction, userIds: number[]): Promise<void> {
    await preparedRows(
      trx,
      trx.raw(
        `select pg_advisory_xact_lock(hashtext('social.notifications'), u)
           from unnest(?::int[]) u order by u`,
        [[...new Set(userIds)]],
      ),
    );
  },

  /**
   * The same notification for each follower of `followeeId` who has its kind on, in one
   * statement: each follower's lock (`lockRecipients`) is taken, in ascending order, before
   * their row draws its id.
   */
  async insertForFollowers(
    trx: Knex.Transaction,
    followeeId: number,
    n: { kind: NotificationKind; payload: object; actorId: number | null },
  ): Promise<Written[]> {
    const rows = await preparedRows<WrittenRow>(
      trx,
      trx.raw(
        `with locked as materialized (
           select f.follower_id as user_id,
                  pg_advisory_xact_lock(hashtext('social.notifications'), f.follower_id)
             from (select follower_id from follows where followee_id = ? order by follower_id) f
         )
         insert into notifications (user_id, kind, payload, actor_id)
         select r.user_id, r.kind, ?::jsonb, ?
           from (select user_id, ?::text as kind from locked order by user_id) r
          where ${KIND_ON}
         returning id, user_id, kind, created_at`,
        [followeeId, JSON.stringify(n.payload), n.actorId, n.kind],
      ),
    );
    return rows.map(toWritten);
  },

  /**
   * The same notification for each recipient who has its kind on (recipients locked first).
   * With a group key, a recipient who has an unread one of that group gets no second one.
   */
  async insert(
    trx: Knex.Transaction,
    n: {
      userIds: number[];
      kind: NotificationKind;
      payload: object;
      actorId: number | null;
      groupKey?: string;
    },
  ): Promise<Written[]> {
    if (n.userIds.length === 0) return [];
    const { rows } = await trx.raw<{ rows: WrittenRow[] }>(
      `insert into notifications (user_id, kind, payload, actor_id, group_key)
       select r.user_id, r.kind, ?::jsonb, ?, ?
         from (select u as user_id, ?::text as kind from unnest(?::int[]) u order by u) r
        where ${KIND_ON}
       on conflict do nothing
       returning id, user_id, kind, created_at`,
      [JSON.stringify(n.payload), n.actorId, n.groupKey ?? null, n.kind, n.userIds],
    );
    return rows.map(toWritten);
  },

  /**
   * More people found these reviews helpful: each review's unread notification counts them and
   * takes a new id (pushed again, first in the list), or a new one starts at their count. One
   * statement for them all, recipients locked first, so concurrent votes never write two
   * unread notifications for a review. One bump per review (a review has one author).
   */
  async bumpHelpful(trx: Knex.Transaction, bumps: readonly HelpfulBump[]): Promise<Written[]> {
    if (bumps.length === 0) return [];
    await this.lockRecipients(
      trx,
      bumps.map((b) => b.userId),
    );
    // Prepared, with the lock above: every batch of helpful votes runs them.
    const rows = await preparedRows<WrittenRow>(
      trx,
      trx.raw(
        `insert into notifications (user_id, kind, payload, group_key)
       select r.user_id, r.kind,
              jsonb_build_object('reviewId', r.review_id, 'businessId', r.business_id,
                                 'count', r.n),
              'review:' || r.review_id
         from (select b.user_id, 'review_helpful'::text as kind, b.review_id, b.business_id, b.n
                 from unnest(?::int[], ?::int[], ?::int[], ?::int[])
                      as b(user_id, review_id, business_id, n)
                order by b.user_id, b.review_id) r
        where ${KIND_ON}
       on conflict (user_id, group_key) where read_at is null and group_key is not null
       do update set id = nextval('notifications_id_seq'),
         payload = jsonb_set(notifications.payload, '{count}',
                             to_jsonb((notifications.payload->>'count')::int
                                      + (excluded.payload->>'count')::int)),
         created_at = now()
       returning id, user_id, kind, created_at`,
        [
          bumps.map((b) => b.userId),
          bumps.map((b) => b.reviewId),
          bumps.map((b) => b.businessId),
          bumps.map((b) => b.count),
        ],
      ),
    );
    return rows.map(toWritten);
  },

  /** A member's notifications, newest first. */
  async list(
    db: Knex,
    userId: number,
    page: { limit: number; beforeId?: number; unread?: boolean },
  ): Promise<NotificationRow[]> {
    const query = selectNotifications(db)
      .where('n.user_id', userId)
      .orderBy('n.id', 'desc')
      .limit(page.limit);
    if (page.beforeId !== undefined) query.where('n.id', '<', page.beforeId);
    if (page.unread) query.whereNull('n.read_at');
    return (await query) as NotificationRow[];
  },

  /**
   * What streams have not sent yet, in one round trip for many: up to `limit` each, oldest
   * first, every row tagged with the index of the stream (in `streams`) it is for.
   */
  async afterEach(
    db: Knex,
    streams: { userId: number; afterId: number }[],
    limit: number,
  ): Promise<(NotificationRow & { stream: number })[]> {
    const { rows } = await db.raw<{ rows: (NotificationRow & { stream: string })[] }>(
      `select s.ord - 1 as stream, n.*
         from unnest(?::int[], ?::bigint[]) with ordinality as s(user_id, after_id, ord)
         cross join lateral (
           select ${VIEW_COLUMNS} from ${VIEW_FROM}
            where n.user_id = s.user_id and n.id > s.after_id
            order by n.id limit ?) n
        order by s.ord, n.id`,
      [streams.map((s) => s.userId), streams.map((s) => s.afterId), limit],
    );
    return rows.map((row) => ({ ...row, stream: Number(row.stream) }));
  },

  async one(db: Knex, userId: number, id: number): Promise<NotificationRow | undefined> {
    return (await selectNotifications(db).where({ 'n.id': id, 'n.user_id': userId }).first()) as
      NotificationRow | undefined;
  },

  /** The newest id a member has (0 for none): where a fresh stream starts. */
  async lastId(db: Knex, userId: number): Promise<number> {
    const row = await db('notifications')
      .where({ user_id: userId })
      .max<{ max: string | null }>('id as max')
      .first();
    return Number(row?.max ?? 0);
  },

  async unreadCount(db: Knex, userId: number): Promise<number> {
    const row = await db('notifications')
      .where({ user_id: userId })
      .whereNull('read_at')
      .count<{ n: string }[]>('* as n');
    return Number(row[0]?.n ?? 0);
  },

  /** True when the notification is the member's (read now or before). */
  async markRead(db: Knex, userId: number, id: number): Promise<boolean> {
    const marked = await db('notifications')
      .where({ id, user_id: userId })
      .update({ read_at: db.raw('coalesce(read_at, now())') });
    return marked > 0;
  },

  async markAllRead(db: Knex, userId: number): Promise<number> {
    return db('notifications')
      .where({ user_id: userId })
      .whereNull('read_at')
      .update({ read_at: db.fn.now() });
  },

  /** The kinds switched off. */
  async disabledKinds(db: Knex, userId: number): Promise<string[]> {
    const rows = await db('notification_preferences')
      .where({ user_id: userId, enabled: false })
      .select<{ kind: string }[]>('kind');
    return rows.map((row) => row.kind);
  },

  async setPreferences(
    db: Knex,
    userId: number,
    changes: [kind: NotificationKind, enabled: boolean][],
  ): Promise<void> {
    if (changes.length === 0) return;
    await db('notification_preferences')
      .insert(changes.map(([kind, enabled]) => ({ user_id: userId, kind, enabled })))
      .onConflict(['user_id', 'kind'])
      .merge(['enabled']);
  },

  /** A member who left: their notifications, those about them, and their preferences. */
  async deleteAllOf(trx: Knex.Transaction, userId: number): Promise<void> {
    await trx('notifications').where({ user_id: userId }).orWhere({ actor_id: userId }).delete();
    await trx('notification_preferences').where({ user_id: userId }).delete();
  },
};
