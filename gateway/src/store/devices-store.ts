import type { Knex } from '@trustcircle/service-kit';

export interface TrustedDevice {
  idHash: string;
  userId: number;
}

export interface DevicesStore {
  create(device: TrustedDevice & { ttlMs: number }): Promise<void>;
  findValid(idHash: string): Promise<TrustedDevice | null>;
  deleteExpired(): Promise<number>;
  /** Every browser trusted for the account (it was deleted). */
  deleteForUser(userId: number): Promise<void>;
}

export function knexDevicesStore(db: Knex): DevicesStore {
  return {
    async create({ idHash, userId, ttlMs }) {
      await db('trusted_devices').insert({
        id_hash: idHash,
        user_id: userId,
        expires_at: db.raw(`now() + (? * interval '1 millisecond')`, [ttlMs]),
      });
    },

    async findValid(idHash) {
      const row = (await db('trusted_devices')
        .where({ id_hash: idHash })
        .andWhere('expires_at', '>', db.fn.now())
        .first('id_hash', 'user_id')) as { id_hash: string; user_id: number } | undefined;
      return row ? { idHash: row.id_hash, userId: row.user_id } : null;
    },

    async deleteForUser(userId) {
      await db('trusted_devices').where({ user_id: userId }).delete();
    },

    async deleteExpired() {
      return db('trusted_devices').where('expires_at', '<=', db.fn.now()).delete();
    },
  };
}
