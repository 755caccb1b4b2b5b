import {
  EMAIL_CHANGE_NEEDS_CONFIRMATION,
  EMAIL_TAKEN,
  IDENTITY_ALREADY_USED,
  USERNAME_TAKEN,
  VERIFICATION_TOKEN_INVALID,
  VERIFICATION_UNAVAILABLE,
  type ProfileUpdate,
  type RegisterRequest,
  type User,
} from '@trustcircle/contracts';
import {
  conflict,
  enqueueMail,
  fieldError,
  HttpError,
  isUniqueViolation,
  notFound,
  type Knex,
} from '@trustcircle/service-kit';
import { publishUserRegistered, publishUserUpdated } from '../events/user-events';
import { EMAIL_KEY, USERNAME_KEY, VERIFICATION_KEY, type UsersStore } from '../store/users-store';
import type { AccountMails } from './account-mail';
import type { EmailConfirmation } from './email-confirmation';
import { requireStrongPassword } from './password-policy';
import { hashPassword, verifyAgainstDecoy, verifyPassword } from './passwords';
import {
  VerificationUnavailableError,
  type VerificationProvider,
  type VerificationResult,
} from './verification';

export interface AccountsDeps {
  db: Knex;
  users: UsersStore;
  verification: VerificationProvider;
  mails: AccountMails;
  confirmation: EmailConfirmation;
}

const usernameTaken = () =>
  conflict(USERNAME_TAKEN, [{ path: 'username', message: USERNAME_TAKEN }]);
const emailTaken = () => conflict(EMAIL_TAKEN, [{ path: 'email', message: EMAIL_TAKEN }]);

function translateUniqueViolation(error: unknown, tokenPath = 'token'): never {
  if (isUniqueViolation(error, USERNAME_KEY)) throw usernameTaken();
  if (isUniqueViolation(error, EMAIL_KEY)) throw emailTaken();
  // The unique index decides, so two accounts racing for one identity cannot both win.
  if (isUniqueViolation(error, VERIFICATION_KEY)) {
    throw conflict(IDENTITY_ALREADY_USED, [{ path: tokenPath, message: IDENTITY_ALREADY_USED }]);
  }
  throw error;
}

async function checkToken(
  verification: VerificationProvider,
  token: string,
  path: string,
): Promise<Extract<VerificationResult, { verified: true }>> {
  let result: VerificationResult;
  try {
    result = await verification.verify(token);
  } catch (error) {
    if (error instanceof VerificationUnavailableError) {
      throw new HttpError(503, VERIFICATION_UNAVAILABLE, undefined, { 'Retry-After': '5' });
    }
    throw error;
  }
  if (!result.verified) throw fieldError(path, VERIFICATION_TOKEN_INVALID);
  return result;
}

export function createAccounts({ db, users, verification, mails, confirmation }: AccountsDeps) {
  /**
   * The new account, its event and its mail commit together (design §3). An address that
   * belongs to another account is kept as the new account's pending address, and its owner is
   * told instead: the answer is the same either way (no enumeration of addresses).
   */
  async function insertAccount(
    input: RegisterRequest,
    passwordHash: string,
    verified: Extract<VerificationResult, { verified: true }> | null,
    emailFree: boolean,
  ): Promise<User> {
    return db.transaction(async (trx) => {
      const owner = emailFree ? null : await users.findByEmail(trx, input.email);
      const stored = await users.insert(trx, {
        username: input.username,
        email: owner ? null : input.email,
        pendingEmail: owner ? input.email : null,
        name: input.name,
        bio: input.bio,
        avatar: input.avatar,
        passwordHash,
        isVerified: verified !== null,
        clearMeId: verified?.verificationId ?? null,
        verifiedAt: verified?.verifiedAt ?? null,
      });
      await publishUserRegistered(trx, stored);
      if (owner) await enqueueMail(trx, mails.alreadyRegistered(owner.user.email, owner.user.name));
      else await confirmation.send(trx, stored);
      return stored.user;
    });
  }

  return {
    async register(input: RegisterRequest): Promise<User> {
      await requireStrongPassword(input.password, input);
      const taken = await users.usernameOrEmailTaken(db, input.username, input.email);
      if (taken.username) throw usernameTaken();

      const verified = input.verificationToken
        ? await checkToken(verification, input.verificationToken, 'clearMeToken')
        : null;
      const passwordHash = await hashPassword(input.password);
      try {
        return await insertAccount(input, passwordHash, verified, !taken.email);
      } catch (error) {
        // Another sign-up took the address meanwhile: this one continues as the second.
        if (isUniqueViolation(error, EMAIL_KEY)) {
          return insertAccount(input, passwordHash, verified, false).catch((again: unknown) =>
            translateUniqueViolation(again, 'clearMeToken'),
          );
        }
        // Two sign-ups racing for one name: the unique index decides.
        return translateUniqueViolation(error, 'clearMeToken');
      }
    },

    /**
     * The same work and answer for an unknown account and a wrong password, except for the
     * account id the gateway keys its sign-in budget on (it never reaches the client).
     */
    async checkCredentials(
      usernameOrEmail: string,
      password: string,
    ): Promise<{ user: User } | { user: null; accountId: number | null }> {
      const stored = await users.findByLogin(db, usernameOrEmail);
      if (!stored)
        return verifyAgainstDecoy(password).then(() => ({ user: null, accountId: null }));
      return (await verifyPassword(stored.passwordHash, password))
        ? { user: stored.user }
        : { user: null, accountId: stored.user.id };
    },

    async get(userId: number): Promise<User> {
      const stored = await users.findById(db, userId);
      if (!stored) throw notFound('User not found');
      return stored.user;
    },

    /**
     * Name, bio and avatar. The address changes only through the confirmed change flow
     * (email-change.ts): answering here whether it is taken would tell who is registered.
     */
    async updateProfile(userId: number, changes: ProfileUpdate): Promise<User> {
      return db.transaction(async (trx) => {
        const before = await users.findById(trx, userId);
        if (!before) throw notFound('User not found');
        if (
          changes.email !== undefined &&
          !(before.ownsEmail && before.user.email.toLowerCase() === changes.email.toLowerCase())
        ) {
          throw fieldError('email', EMAIL_CHANGE_NEEDS_CONFIRMATION);
        }
        const stored = await users.update(trx, userId, {
          name: changes.name,
          bio: changes.bio === undefined ? undefined : changes.bio || null,
          avatar: changes.avatar === undefined ? undefined : changes.avatar || null,
        });
        if (!stored) throw notFound('User not found');
        await publishUserUpdated(trx, stored);
        return stored.user;
      });
    },

    async verify(userId: number, token: string): Promise<User> {
      const result = await checkToken(verification, token, 'token');
      try {
        return await db.transaction(async (trx) => {
          const stored = await users.update(trx, userId, {
            isVerified: true,
            clearMeId: result.verificationId,
            verifiedAt: result.verifiedAt,
          });
          if (!stored) throw notFound('User not found');
          // Verification changes a trust fact other services weigh reviews by.
          await publishUserUpdated(trx, stored);
          return stored.user;
        });
      } catch (error) {
        return translateUniqueViolation(error);
      }
    },
  };
}
export type Accounts = ReturnType<typeof createAccounts>;
