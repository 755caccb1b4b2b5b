import {
  EMAIL_TAKEN,
  USERNAME_TAKEN,
  VERIFICATION_TOKEN_INVALID,
  type ProfileUpdate,
  type RegisterRequest,
  type User,
} from '@trustcircle/contracts';
import {
  conflict,
  fieldError,
  isUniqueViolation,
  notFound,
  unavailable,
  type Knex,
} from '@trustcircle/service-kit';
import { publishUserRegistered, publishUserUpdated } from '../events/user-events';
import { EMAIL_KEY, USERNAME_KEY, type UsersStore } from '../store/users-store';
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

function translateUniqueViolation(error: unknown): never {
  if (isUniqueViolation(error, USERNAME_KEY)) throw usernameTaken();
  if (isUniqueViolation(error, EMAIL_KEY)) throw emailTaken();
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
      throw unavailable('Verification is unavailable right now. Try again later.');
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
          });
          await publishUserRegistered(trx, stored);
          return stored.user;
        });
      } catch (error) {
        // Two sign-ups racing for one name: the unique index decides.
        return translateUniqueViolation(error);
      }
    },

    /** The same `null` for an unknown account and a wrong password. */
    async checkCredentials(usernameOrEmail: string, password: string): Promise<User | null> {
      const stored = await users.findByLogin(db, usernameOrEmail);
      if (!stored) return verifyAgainstDecoy(password).then(() => null);
      return (await verifyPassword(stored.passwordHash, password)) ? stored.user : null;
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
      return db.transaction(async (trx) => {
        const stored = await users.update(trx, userId, {
          isVerified: true,
          clearMeId: result.verificationId,
        });
        if (!stored) throw notFound('User not found');
        // Verification changes a trust fact other services weigh reviews by.
        await publishUserUpdated(trx, stored);
        return stored.user;
      });
    },
  };
}
export type Accounts = ReturnType<typeof createAccounts>;
