import { PASSWORD_WRONG, type DeleteAccountRequest } from '@trustcircle/contracts';
import { enqueueMail, fieldError, notFound, type Knex } from '@trustcircle/service-kit';
import { publishUserDeleted } from '../events/user-events';
import type { UsersStore } from '../store/users-store';
import type { AccountMails } from './account-mail';
import { verifyPassword } from './passwords';

export interface AccountDeletionDeps {
  db: Knex;
  users: UsersStore;
  mails: AccountMails;
}

/**
 * Leaving (docs/security.md, "Leaving"): identity forgets the account in one transaction with
 * the `identity.user.deleted` event that tells every other service to do the same with what it
 * holds. Tokens go with the row (foreign key); mail still queued for the address is dropped,
 * and one last mail tells the owner, so a deletion by someone who learnt the password is seen.
 */
export function createAccountDeletion({ db, users, mails }: AccountDeletionDeps) {
  return {
    async deleteAccount(userId: number, request: DeleteAccountRequest): Promise<void> {
      const stored = await users.findById(db, userId);
      if (!stored) throw notFound('User not found');
      if (!(await verifyPassword(stored.passwordHash, request.password))) {
        throw fieldError('password', PASSWORD_WRONG);
      }
      await db.transaction(async (trx) => {
        const removed = await users.delete(trx, userId);
        if (!removed) throw notFound('User not found');
        await publishUserDeleted(trx, {
          id: userId,
          reviews: request.reviews,
          deletedAt: new Date().toISOString(),
          version: removed.version + 1,
        });
        if (removed.ownsEmail) {
          await trx('mail_queue')
            .whereRaw('lower(recipient) = ?', [removed.user.email.toLowerCase()])
            .delete();
          await enqueueMail(trx, mails.accountDeleted(removed.user.email, removed.user.name));
        }
      });
    },
  };
}
export type AccountDeletion = ReturnType<typeof createAccountDeletion>;
