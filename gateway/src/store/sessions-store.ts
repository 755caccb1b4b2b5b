import { knownRoles, SESSION_CHANGED_CHANNEL, type Role } from '@trustcircle/contracts';
import type { Knex } from '@trustcircle/service-kit';

export interface SessionRecord {
  idHash: string;
  userId: number;
  roles: Role[];
  lastSeenAt: Date;
  /** The earlier of the idle and the absolute expiry. */
  expiresAt: Date;
}

interface SessionRow {
  id_hash: string;
  user_id: number;
  roles: string[];
  last_seen_at: Date;
  idle_expires_at: Date;
  absolute_expires_at: Date;
}

const toRecord = (row: SessionRow): SessionRecord => ({
  idHash: row.id_hash,
  userId: row.user_id,
  roles: knownRoles(row.roles),
  lastSeenAt: row.last_seen_at,
  expiresAt: new Date(Math.min(row.idle_expires_at.getTime(), row.absolute_expires_at.getTime())),
});

/** One row of the account's sessions list. */
export interface SessionListing {
  publicId: string;
  idHash: string;
  userAgent: string | null;
  createdAt: Date;
  lastSeenAt: Date;
}

/** Also sent by the operator's role grant (services/identity/src/operator). */
export const REVOCATION_CHANNEL = SESSION_CHANGED_CHANNEL;

export interface SessionsStore {
  create(input: {
    idHash: string;
    userId: number;
    roles: readonly Role[];
    idleTtlMs: number;
    absoluteTtlMs: number;
    userAgent: string | null;
  }): Promise<void>;
  findValid(idHash: string): Promise<SessionRecord | null>;
  touch(idHash: string, idleTtlMs: number): Promise<void>;
  /** Deletes and tells every gateway replica to drop it from its cache. */
  delete(idHash: string): Promise<void>;
  deleteExpired(): Promise<number>;
  /**
   * Deletes every session of the account except `keepIdHash` (after a password reset or
   * change) and tells every replica; answers how many ended.
   */
  deleteForUser(userId: number, keepIdHash?: string): Promise<number>;
  /** The account's unexpired sessions, most recently used first. */
  listForUser(userId: number): Promise<SessionListing[]>;
  /**
   * Deletes the account's session with this public id and tells every replica; answers its
   * hash, or null when no session of this account has it (another's included).
   */
  deleteOwned(userId: number, publicId: string): Promise<string | null>;
}

export function knexSessionsStore(db: Knex): SessionsStore {
  const interval = (ms: number) => db.raw(`now() + (? * interval '1 millisecond')`, [ms]);
  return {
    async create({ idHash, userId, roles, idleTtlMs, absoluteTtlMs, userAgent }) {
      await db('sessions').insert({
        id_hash: idHash,
        user_id: userId,
        roles: knownRoles(roles),
        idle_expires_at: interval(idleTtlMs),
        absolute_expires_at: interval(absoluteTtlMs),
        user_agent: userAgent?.slice(0, 300) ?? null,
      });
    },
    async findValid(idHash) {
      const row = await db<SessionRow>('sessions')
        .where({ id_hash: idHash })
        .andWhere('idle_expires_at', '>', db.fn.now())
        .andWhere('absolute_expires_at', '>', db.fn.now())
        .first();
      return row ? toRecord(row) : null;
    },
    async touch(idHash, idleTtlMs) {
      await db('sessions')
        .where({ id_hash: idHash })
        .update({
          last_seen_at: db.fn.now(),
          idle_expires_at: db.raw(
            `least(absolute_expires_at, now() + (? * interval '1 millisecond'))`,
            [idleTtlMs],
          ),
        });
    },
    async delete(idHash) {
      await db.transaction(async (trx) => {
        await trx('sessions').where({ id_hash: idHash }).delete();
        await trx.raw('select pg_notify(?, ?)', [REVOCATION_CHANNEL, idHash]);
      });
    },
    async deleteForUser(userId, keepIdHash) {
      return db.transaction(async (trx) => {
        const query = trx('sessions').where({ user_id: userId });
        if (keepIdHash) query.whereNot({ id_hash: keepIdHash });
        const rows: { id_hash: string }[] = await query.delete().returning('id_hash');
        // Delivered at commit: no replica keeps serving a deleted session from its cache.
        for (const { id_hash } of rows) {
          await trx.raw('select pg_notify(?, ?)', [REVOCATION_CHANNEL, id_hash]);
        }
        return rows.length;
      });
    },
    async listForUser(userId) {
      const rows = await db('sessions')
        .where({ user_id: userId })
        .andWhere('idle_expires_at', '>', db.fn.now())
        .andWhere('absolute_expires_at', '>', db.fn.now())
        .orderBy([
          { column: 'last_seen_at', order: 'desc' },
          { column: 'created_at', order: 'desc' },
        ])
        .select('public_id', 'id_hash', 'user_agent', 'created_at', 'last_seen_at');
      return rows.map((row: Record<string, unknown>) => ({
        publicId: row.public_id as string,
        idHash: row.id_hash as string,
        userAgent: (row.user_agent as string | null) ?? null,
        createdAt: row.created_at as Date,
        lastSeenAt: row.last_seen_at as Date,
      }));
    },
    async deleteOwned(userId, publicId) {
      return db.transaction(async (trx) => {
        const [row] = (await trx('sessions')
          .where({ user_id: userId, public_id: publicId })
          .delete()
          .returning('id_hash')) as { id_hash: string }[];
        if (!row) return null;
        await trx.raw('select pg_notify(?, ?)', [REVOCATION_CHANNEL, row.id_hash]);
        return row.id_hash;
      });
    },
    async deleteExpired() {
      return db('sessions')
        .where('absolute_expires_at', '<=', db.fn.now())
        .orWhere('idle_expires_at', '<=', db.fn.now())
        .delete();
    },
  };
}
