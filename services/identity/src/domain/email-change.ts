import {
  EMAIL_CHANGE_LINK_HOURS,
  EMAIL_CHANGE_LINK_INVALID,
  EMAIL_UNCHANGED,
  PASSWORD_WRONG,
  type User,
} from '@trustcircle/contracts';
import {
  enqueueMail,
  fieldError,
  isUniqueViolation,
  notFound,
  type Knex,
} from '@trustcircle/service-kit';
import { publishUserUpdated } from '../events/user-events';
import type { TokensStore } from '../store/tokens-store';
import { EMAIL_KEY, type UsersStore } from '../store/users-store';
import type { AccountMails } from './account-mail';
import { hashAccountToken, HOUR_MS, newAccountToken } from './account-tokens';
import { verifyPassword } from './passwords';

export interface EmailChangeDeps {
  db: Knex;
  users: UsersStore;
  tokens: TokensStore;
  mails: AccountMails;
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * E-mail changes (docs/security.md, "Account recovery and e-mail"): the new address is the
 * account's only after its owner opened the link mailed there. Whether another account owns the
 * new address never shows in the answer: that owner is mailed instead of the asker.
 */
export function createEmailChange({ db, users, tokens, mails }: EmailChangeDeps) {
  return {
    async request(userId: number, newEmail: string, password: string): Promise<void> {
      const stored = await users.findById(db, userId);
      if (!stored) throw notFound('User not found');
      if (!(await verifyPassword(stored.passwordHash, password))) {
        throw fieldError('password', PASSWORD_WRONG);
      }
      if (stored.ownsEmail && same(stored.user.email, newEmail)) {
        throw fieldError('newEmail', EMAIL_UNCHANGED);
      }
      await db.transaction(async (trx) => {
        const owner = await users.findByEmail(trx, newEmail);
        if (owner) {
          await enqueueMail(trx, mails.emailChangeToTaken(owner.user.email, owner.user.name));
          return;
        }
        const { token, tokenHash } = newAccountToken();
        await tokens.create(trx, {
          userId,
          purpose: 'email_change',
          tokenHash,
          email: newEmail,
          ttlMs: EMAIL_CHANGE_LINK_HOURS * HOUR_MS,
        });
        await enqueueMail(trx, mails.confirmEmailChange(newEmail, stored.user.name, token));
      });
    },

    /**
     * Works without a session (the link may be opened on another device). Opening the link
     * proves the address is the owner's, so it is confirmed as well.
     */
    async confirm(token: string): Promise<User> {
      try {
        return await db.transaction(async (trx) => {
          const used = await tokens.consume(trx, hashAccountToken(token), 'email_change');
          if (!used?.email) throw fieldError('token', EMAIL_CHANGE_LINK_INVALID);
          const before = await users.findById(trx, used.userId);
          if (!before) throw fieldError('token', EMAIL_CHANGE_LINK_INVALID);
          const updated = await users.update(trx, before.user.id, {
            email: used.email,
            pendingEmail: null,
            emailConfirmedAt: new Date(),
          });
          if (!updated) throw fieldError('token', EMAIL_CHANGE_LINK_INVALID);
          // Older change links would otherwise move the address again.
          await tokens.revokeAll(trx, before.user.id, 'email_change');
          await publishUserUpdated(trx, updated);
          if (before.ownsEmail && !same(before.user.email, used.email)) {
            await enqueueMail(
              trx,
              mails.emailChanged(before.user.email, before.user.name, used.email),
            );
          }
          return updated.user;
        });
      } catch (error) {
        // Another account took the address after the link was sent: the link confirms nothing.
        if (isUniqueViolation(error, EMAIL_KEY)) {
          throw fieldError('token', EMAIL_CHANGE_LINK_INVALID);
        }
        throw error;
      }
    },
  };
}
export type EmailChange = ReturnType<typeof createEmailChange>;
