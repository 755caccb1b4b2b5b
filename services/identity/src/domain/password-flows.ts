import { CURRENT_PASSWORD_WRONG, RESET_LINK_INVALID, type User } from '@trustcircle/contracts';
import { enqueueMail, fieldError, notFound, type Knex } from '@trustcircle/service-kit';
import type { TokensStore } from '../store/tokens-store';
import type { UsersStore } from '../store/users-store';
import type { AccountMails } from './account-mail';
import { hashAccountToken, HOUR_MS, newAccountToken } from './account-tokens';
import { requireStrongPassword } from './password-policy';
import { hashPassword, verifyPassword } from './passwords';

/** Reset mails one account is sent per hour; more requests get the same answer and no mail. */
export const RESETS_PER_HOUR = 3;

export interface PasswordFlowsDeps {
  db: Knex;
  users: UsersStore;
  tokens: TokensStore;
  mails: AccountMails;
}

/**
 * Forgotten and changed passwords. Sessions belong to the gateway: these answer whose
 * password changed, and the gateway ends that account's sessions (docs/security.md).
 */
export function createPasswordFlows({ db, users, tokens, mails }: PasswordFlowsDeps) {
  return {
    /**
     * Mails a reset link when an account owns `email`; answers the same, in about the same
     * time, when none does. The mail is queued, so SMTP never shows in the timing.
     */
    async requestReset(email: string): Promise<void> {
      await db.transaction(async (trx) => {
        const stored = await users.findByEmail(trx, email);
        if (!stored) return;
        const { id, name } = stored.user;
        if ((await tokens.countRecent(trx, id, 'password_reset', HOUR_MS)) >= RESETS_PER_HOUR) {
          return;
        }
        const { token, tokenHash } = newAccountToken();
        await tokens.create(trx, {
          userId: id,
          purpose: 'password_reset',
          tokenHash,
          email: stored.user.email,
          ttlMs: HOUR_MS,
        });
        await enqueueMail(trx, mails.passwordReset(stored.user.email, name, token));
      });
    },

    /** Sets the new password once per link; every other unused reset link of the account dies. */
    async completeReset(token: string, password: string): Promise<{ userId: number }> {
      return db.transaction(async (trx) => {
        // Consumed inside the transaction: a refused password rolls back and the link still works.
        const used = await tokens.consume(trx, hashAccountToken(token), 'password_reset');
        if (!used) throw fieldError('token', RESET_LINK_INVALID);
        const stored = await users.findById(trx, used.userId);
        if (!stored) throw fieldError('token', RESET_LINK_INVALID);
        await requireStrongPassword(password, stored.user);
        await users.update(trx, stored.user.id, { passwordHash: await hashPassword(password) });
        await tokens.revokeAll(trx, stored.user.id, 'password_reset');
        if (stored.ownsEmail) {
          await enqueueMail(trx, mails.passwordChanged(stored.user.email, stored.user.name));
        }
        return { userId: stored.user.id };
      });
    },

    /** The current password proves the owner is at the keyboard, not just their session. */
    async changePassword(userId: number, current: string, next: string): Promise<User> {
      const stored = await users.findById(db, userId);
      if (!stored) throw notFound('User not found');
      if (!(await verifyPassword(stored.passwordHash, current))) {
        throw fieldError('currentPassword', CURRENT_PASSWORD_WRONG);
      }
      if (next === current) {
        throw fieldError('newPassword', 'New password must be different from the current one');
      }
      await requireStrongPassword(next, stored.user, 'newPassword');
      const passwordHash = await hashPassword(next);
      return db.transaction(async (trx) => {
        const updated = await users.update(trx, userId, { passwordHash });
        if (!updated) throw notFound('User not found');
        await tokens.revokeAll(trx, userId, 'password_reset');
        if (updated.ownsEmail) {
          await enqueueMail(trx, mails.passwordChanged(updated.user.email, updated.user.name));
        }
        return updated.user;
      });
    },
  };
}
export type PasswordFlows = ReturnType<typeof createPasswordFlows>;
