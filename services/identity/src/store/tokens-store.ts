import type { Knex } from '@trustcircle/service-kit';

export type TokenPurpose = 'password_reset' | 'email_confirmation' | 'email_change';

/** What a used token tells: whose it was and, for a confirmation or change, which address. */
export interface ConsumedToken {
  userId: number;
  email: string | null;
}

/** Single-use tokens of `account_tokens`; only their SHA-256 is stored. */
export const knexTokensStore = {
  async create(
    db: Knex,
    token: {
      userId: number;
      purpose: TokenPurpose;
      tokenHash: string;
      email: string | null;
      ttlMs: number;
    },
  ): Promise<void> {
    await db('account_tokens').insert({
      user_id: token.userId,
      purpose: token.purpose,
      token_hash: token.tokenHash,
      email: token.email,
      expires_at: db.raw(`now() + (? * interval '1 millisecond')`, [token.ttlMs]),
    });
  },

  /** How many tokens of this kind the account was sent within the last `windowMs`. */
  async countRecent(db: Knex, userId: number, purpose: TokenPurpose, windowMs: number) {
    const row = await db('account_tokens')
      .where({ user_id: userId, purpose })
      .andWhere('created_at', '>', db.raw(`now() - (? * interval '1 millisecond')`, [windowMs]))
      .count<{ n: string }>({ n: '*' })
      .first();
    return Number(row?.n ?? 0);
  },

  /**
   * Marks the token used and answers whose it was, in one statement: of two requests with the
   * same link only one gets an answer. Null for unknown, used or expired tokens alike.
   */
  async consume(db: Knex, tokenHash: string, purpose: TokenPurpose): Promise<ConsumedToken | null> {
    const [row] = await db('account_tokens')
      .where({ token_hash: tokenHash, purpose })
      .whereNull('used_at')
      .andWhere('expires_at', '>', db.fn.now())
      .update({ used_at: db.fn.now() })
      .returning(['user_id', 'email']);
    return row
      ? { userId: row.user_id as number, email: (row.email as string | null) ?? null }
      : null;
  },

  /** Every unused token of this kind of the account stops working (after a reset or change). */
  async revokeAll(db: Knex, userId: number, purpose: TokenPurpose): Promise<void> {
    await db('account_tokens')
      .where({ user_id: userId, purpose })
      .whereNull('used_at')
      .update({ used_at: db.fn.now() });
  },
};
export type TokensStore = typeof knexTokensStore;
