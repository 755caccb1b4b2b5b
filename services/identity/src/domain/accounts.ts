import {
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
  fieldError,
  HttpError,
  isUniqueViolation,
  notFound,
  type Knex,
} from '@trustcircle/service-kit';
import { publishUserRegistered, publishUserUpdated } from '../events/user-events';
import { EMAIL_KEY, USERNAME_KEY, VERIFICATION_KEY, type UsersStore } from '../store/users-store';
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

export function createAccounts({ db, users, verification }: AccountsDeps) {
  return {
    async register(input: RegisterRequest): Promise<User> {
      const taken = await users.usernameOrEmailTaken(db, input.username, input.email);
      if (taken.username) throw usernameTaken();
      if (taken.email) throw emailTaken();

      const verified = input.verificationToken
        ? await checkToken(verification, input.verificationToken, 'clearMeToken')
        : null;
      const passwordHash = await hashPassword(input.password);
      try {
        // The user and its event commit together (design §3, transactional outbox).
        return await db.transaction(async (trx) => {
          const stored = await users.insert(trx, {
            username: input.username,
            email: input.email,
            name: input.name,
            bio: input.bio,
            avatar: input.avatar,
            passwordHash,
            isVerified: verified !== null,
            clearMeId: verified?.verificationId ?? null,
            verifiedAt: verified?.verifiedAt ?? null,
          });
          await publishUserRegistered(trx, stored);
          return stored.user;
        });
      } catch (error) {
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

    async updateProfile(userId: number, changes: ProfileUpdate): Promise<User> {
      if (changes.email && (await users.emailTakenByOther(db, changes.email, userId))) {
        throw emailTaken();
      }
      try {
        return await db.transaction(async (trx) => {
          const stored = await users.update(trx, userId, {
            name: changes.name,
            email: changes.email,
            bio: changes.bio === undefined ? undefined : changes.bio || null,
            avatar: changes.avatar === undefined ? undefined : changes.avatar || null,
          });
          if (!stored) throw notFound('User not found');
          await publishUserUpdated(trx, stored);
          return stored.user;
        });
      } catch (error) {
        return translateUniqueViolation(error);
      }
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
