import type { OwnerApprovedEventData, ReviewReply } from '@trustcircle/contracts';
import type { Knex } from '@trustcircle/service-kit';

/** A review's reply row, live or deleted. */
export interface ReplyRow {
  review_id: number;
  user_id: number;
  body: string;
  created_at: Date;
  edited_at: Date | null;
  deleted_at: Date | null;
  version: number;
}

const iso = (column: string) =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The reply of review `r` as the read view's `reply` (JSON text, null when none), from a
 * `left join review_replies rr on rr.review_id = r.id and rr.deleted_at is null` and
 * `left join users ru on ru.id = rr.user_id`. Composed when a page is read rather than kept in
 * the card (migration 004) because replies are rare: on a feed page most reviews have none, and
 * the probe of each by primary key costs less than re-rendering cards by triggers on every
 * reply and owner rename; the owner's name is then always current.
 */
export const REPLY_JOIN = `left join review_replies rr on rr.review_id = r.id and rr.deleted_at is null
       left join users ru on ru.id = rr.user_id`;
export const REPLY_COLUMN = `case when rr.review_id is null then null else json_build_object(
         'body', rr.body,
         'owner', json_build_object('id', rr.user_id, 'username', coalesce(ru.username, ''),
                                    'name', coalesce(ru.name, 'Owner')),
         'createdAt', ${iso('rr.created_at')},
         'editedAt', ${iso('rr.edited_at')})::text end as reply`;

/** All SQL on replies and the owners projection (migration 016). */
export const repliesStore = {
  async isOwner(db: Knex, businessId: number, userId: number): Promise<boolean> {
    const row = await db('business_owners')
      .where({ business_id: businessId, user_id: userId })
      .first(1);
    return row !== undefined;
  },

  async addOwner(trx: Knex.Transaction, owner: OwnerApprovedEventData): Promise<void> {
    await trx('business_owners')
      .insert({
        business_id: owner.businessId,
        user_id: owner.userId,
        approved_at: owner.approvedAt,
      })
      .onConflict(['business_id', 'user_id'])
      .ignore();
  },

  /** The review's reply row, live or deleted, locked for the change. */
  async lock(trx: Knex.Transaction, reviewId: number): Promise<ReplyRow | null> {
    const row = await trx('review_replies').where({ review_id: reviewId }).forUpdate().first();
    return (row as ReplyRow | undefined) ?? null;
  },

  /** A new reply, or a new one in place of a deleted one (its version goes on growing). */
  async write(
    trx: Knex.Transaction,
    reply: { reviewId: number; userId: number; body: string },
  ): Promise<ReplyRow> {
    const { rows } = await trx.raw<{ rows: ReplyRow[] }>(
      `insert into review_replies as rr (review_id, user_id, body) values (?, ?, ?)
       on conflict (review_id) do update set user_id = excluded.user_id, body = excluded.body,
         created_at = now(), edited_at = null, deleted_at = null, version = rr.version + 1
       returning *`,
      [reply.reviewId, reply.userId, reply.body],
    );
    return rows[0]!;
  },

  async edit(trx: Knex.Transaction, reviewId: number, body: string): Promise<ReplyRow> {
    const [row] = await trx('review_replies')
      .where({ review_id: reviewId })
      .update({ body, edited_at: trx.fn.now(), version: trx.raw('version + 1') })
      .returning('*');
    return row as ReplyRow;
  },

  /** The text goes; the row keeps the version. */
  async remove(trx: Knex.Transaction, reviewId: number): Promise<ReplyRow> {
    const [row] = await trx('review_replies')
      .where({ review_id: reviewId })
      .update({ body: '', deleted_at: trx.fn.now(), version: trx.raw('version + 1') })
      .returning('*');
    return row as ReplyRow;
  },

  /** A reply as the API answers it. */
  async view(db: Knex, reviewId: number): Promise<ReviewReply | null> {
    const { rows } = await db.raw<{ rows: { reply: string | null }[] }>(
      `select ${REPLY_COLUMN} from reviews r ${REPLY_JOIN} where r.id = ?`,
      [reviewId],
    );
    const text = rows[0]?.reply;
    return text ? (JSON.parse(text) as ReviewReply) : null;
  },

  /** A member who left: their replies' text goes, and their ownerships. */
  async forget(trx: Knex.Transaction, userId: number): Promise<void> {
    await trx('review_replies')
      .where({ user_id: userId })
      .whereNull('deleted_at')
      .update({ body: '', deleted_at: trx.fn.now(), version: trx.raw('version + 1') });
    await trx('business_owners').where({ user_id: userId }).delete();
  },
};
