import type { PersonSummary, UserEventData } from '@trustcircle/contracts';
import { upsertNewestVersion, type Knex } from '@trustcircle/service-kit';

export interface UserRow {
  id: number;
  username: string;
  name: string;
  avatar: string | null;
  is_verified: boolean;
}

export const toPerson = (row: UserRow): PersonSummary => ({
  id: row.id,
  username: row.username,
  name: row.name,
  avatar: row.avatar,
  isVerified: row.is_verified,
});

/** The users projection (identity's events): display fields and tombstones. */
export const usersStore = {
  /** Keeps the newest version; an older, repeated or post-deletion one changes nothing. */
  async upsert(trx: Knex.Transaction, user: UserEventData): Promise<void> {
    const row = { id: user.id, username: user.username, name: user.name, avatar: user.avatar };
    await upsertNewestVersion(
      trx,
      'users',
      'id',
      { ...row, is_verified: user.isVerified, version: user.version },
      { frozenBy: 'deleted_at' },
    );
  },

  /** The member left: their display data goes, the row stays as a tombstone at that version. */
  async tombstone(trx: Knex.Transaction, user: { id: number; version: number }): Promise<void> {
    await trx.raw(
      `insert into users (id, username, name, avatar, is_verified, version, deleted_at)
       values (?, '', '', null, false, ?, now())
       on conflict (id) do update
         set username = '', name = '', avatar = null, is_verified = false,
             version = greatest(users.version, excluded.version), deleted_at = now()`,
      [user.id, user.version],
    );
  },

  async byUsername(db: Knex, username: string): Promise<UserRow | undefined> {
    return db('users')
      .whereRaw('lower(username) = lower(?)', [username])
      .whereNull('deleted_at')
      .first<UserRow | undefined>('id', 'username', 'name', 'avatar', 'is_verified');
  },
};
