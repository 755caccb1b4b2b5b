import {
  CONFIRM_LINK_HOURS,
  CONFIRM_LINK_INVALID,
  EMAIL_ALREADY_CONFIRMED,
  type User,
} from '@trustcircle/contracts';
import {
  conflict,
  enqueueMail,
  fieldError,
  HttpError,
  notFound,
  type Knex,
} from '@trustcircle/service-kit';
import { publishUserUpdated } from '../events/user-events';
import type { TokensStore } from '../store/tokens-store';
import type { StoredUser, UsersStore } from '../store/users-store';
import type { AccountMails } from './account-mail';
import { hashAccountToken, HOUR_MS, newAccountToken } from './account-tokens';

/** Confirmation mails one account may ask for per hour (the sign-up mail included). */
export const CONFIRMATIONS_PER_HOUR = 3;

export interface EmailConfirmationDeps {
  db: Knex;
  users: UsersStore;
  tokens: TokensStore;
  mails: AccountMails;
}

export function createEmailConfirmation({ db, users, tokens, mails }: EmailConfirmationDeps) {
  /** Queues a link for the account's own, unconfirmed address, in the caller's transaction. */
  async function send(trx: Knex.Transaction, stored: StoredUser): Promise<void> {
    const { token, tokenHash } = newAccountToken();
    await tokens.create(trx, {
      userId: stored.user.id,
      purpose: 'email_confirmation',
      tokenHash,
      email: stored.user.email,
      ttlMs: CONFIRM_LINK_HOURS * HOUR_MS,
    });
    await enqueueMail(trx, mails.confirmEmail(stored.user.email, stored.user.name, token));
  }

  return {
    send,

    /** Works without a session: the link may be opened on another device. */
    async confirm(token: string): Promise<User> {
      return db.transaction(async (trx) => {
        const used = await tokens.consume(trx, hashAccountToken(token), 'email_confirmation');
        if (!used) throw fieldError('token', CONFIRM_LINK_INVALID);
        const stored = await users.findById(trx, used.userId);
        // The address changed since the link was sent: the link confirms nothing now.
        if (
          !stored ||
          !stored.ownsEmail ||
          stored.user.email.toLowerCase() !== used.email?.toLowerCase()
        ) {
          throw fieldError('token', CONFIRM_LINK_INVALID);
        }
        if (stored.user.emailConfirmedAt) return stored.user;
        const updated = await users.update(trx, stored.user.id, { emailConfirmedAt: new Date() });
        if (!updated) throw notFound('User not found');
        // A confirmed address is part of standing: other services project it.
        await publishUserUpdated(trx, updated);
        return updated.user;
      });
    },

    /**
     * Another link, at most CONFIRMATIONS_PER_HOUR an hour. An account whose typed address
     * belongs to someone else gets the same answer and no mail (that owner was told once).
     */
    async resend(userId: number): Promise<void> {
      await db.transaction(async (trx) => {
        const stored = await users.findById(trx, userId);
        if (!stored) throw notFound('User not found');
        if (stored.user.emailConfirmedAt) throw conflict(EMAIL_ALREADY_CONFIRMED);
        const recent = await tokens.countRecent(trx, userId, 'email_confirmation', HOUR_MS);
        if (recent >= CONFIRMATIONS_PER_HOUR) {
          throw new HttpError(
            429,
            'You have asked for several confirmation links in the last hour. Try again in 1 hour.',
            undefined,
            { 'Retry-After': '3600' },
          );
        }
        if (stored.ownsEmail) await send(trx, stored);
        // Counted either way, so both kinds of account hit the limit alike.
        else
          await tokens.create(trx, {
            userId,
            purpose: 'email_confirmation',
            tokenHash: newAccountToken().tokenHash,
            email: null,
            ttlMs: 0,
          });
      });
    },
  };
}
export type EmailConfirmation = ReturnType<typeof createEmailConfirmation>;
