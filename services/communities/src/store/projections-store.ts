import { upsertNewestVersion, type Knex } from '@trustcircle/service-kit';

export interface UserProjection {
  id: number;
  username: string;
  name: string;
  version: number;
}

/** All SQL on the projections other services' events feed. */
export const projectionsStore = {
  /** Keeps the newest version of a user; an older or repeated one changes nothing. */
  async upsertUser(trx: Knex.Transaction, user: UserProjection): Promise<void> {
    const { id, username, name, version } = user;
    await upsertNewestVersion(trx, 'users', 'id', { id, username, name, version });
  },

  /** A member by username, in any letter case (profile pages address people so). */
  async userIdByUsername(db: Knex, username: string): Promise<number | null> {
    const row = await db('users')
      .whereRaw('lower(username) = lower(?)', [username])
      .first<{ id: number } | undefined>('id');
    return row?.id ?? null;
  },

  /** A member who left the platform: their display data goes (reconcile: no orphan rows). */
  async deleteUser(trx: Knex.Transaction, userId: number): Promise<void> {
    await trx('users').where({ id: userId }).delete();
  },

  /** A deleted review's row, once its tags are gone. */
  async deleteReview(trx: Knex.Transaction, reviewId: number): Promise<void> {
    await trx('reviews').where({ id: reviewId }).delete();
  },

  /**
   * The review's projection row, created if new and locked for the transaction, so events for
   * one review apply one at a time. A new row has version 0: any real version is newer.
   */
  async lockReview(trx: Knex.Transaction, reviewId: number): Promise<{ version: number }> {
    // One statement: a conflict's update, which changes no value, locks the existing row and
    // answers its version (as an update, it leaves a row version and a change notice behind).
    const { rows } = await trx.raw<{ rows: { version: number }[] }>(
      `insert into reviews as r (id, version, hidden) values (?, 0, false)
       on conflict (id) do update set version = r.version
       returning r.version`,
      [reviewId],
    );
    return { version: rows[0]!.version };
  },

  /**
   * The groups a review counts in now and which of `groupIds` exist (a tag may name a group
   * this service never had), every group of either locked in ascending id order, so that
   * concurrent events never wait on each other in a cycle (`retag` then changes their counts).
   * The caller holds the review's lock: its tags cannot change meanwhile.
   */
  async lockTags(
    trx: Knex.Transaction,
    reviewId: number,
    groupIds: number[],
  ): Promise<{ current: number[]; existing: number[] }> {
    const { rows } = await trx.raw<{ rows: { current: number[]; locked: number[] }[] }>(
      `select array(select group_id from review_groups where review_id = ?) as current,
              array(select id from groups
                     where id = any(?::integer[])
                        or id in (select group_id from review_groups where review_id = ?)
                     order by id for update) as locked`,
      [reviewId, groupIds, reviewId],
    );
    const { current, locked } = rows[0]!;
    const asked = new Set(groupIds);
    return { current, existing: locked.filter((id) => asked.has(id)) };
  },

  /**
   * Moves a review's tags from one set of groups to another and adjusts each group's count by
   * the difference, in one statement, with the review's new `state` when given (a statement
   * fewer for every review event). The caller holds the groups' locks (`lockTags`).
   */
  async retag(
    trx: Knex.Transaction,
    reviewId: number,
    { added, removed }: { added: number[]; removed: number[] },
    state?: { version: number; hidden: boolean },
  ): Promise<void> {
    if (added.length === 0 && removed.length === 0 && !state) return;
    const deltas = [...added.map((id) => [id, 1]), ...removed.map((id) => [id, -1])];
    await trx.raw(
      `with review as (
         update reviews set version = ?, hidden = ? where id = ? and ?::boolean
       ), removed as (
         delete from review_groups where review_id = ? and group_id = any(?::integer[])
       ), added as (
         insert into review_groups (review_id, group_id) select ?, unnest(?::integer[])
       )
       update groups g set review_count = g.review_count + d.delta
         from unnest(?::integer[], ?::integer[]) as d(id, delta)
        where g.id = d.id`,
      [
        state?.version ?? 0,
        state?.hidden ?? false,
        reviewId,
        state !== undefined,
        reviewId,
        removed,
        reviewId,
        added,
        deltas.map(([id]) => id!),
        deltas.map(([, delta]) => delta!),
      ],
    );
  },
};
