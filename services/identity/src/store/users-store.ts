import { knownRoles, type Role, type User } from '@trustcircle/contracts';
import type { Knex } from '@trustcircle/service-kit';

interface UserRow {
  id: number;
  username: string;
  /** Null when the account was signed up with another account's address (pending_email). */
  email: string | null;
  pending_email?: string | null;
  name: string;
  bio: string | null;
  avatar: string | null;
  password_hash: string;
  /** Absent only while migrations before 004 run. */
  email_confirmed_at?: Date | null;
  is_verified: boolean;
  clear_me_id: string | null;
  verified_at: Date | null;
  /** Absent only while migrations before 003 run. */
  roles?: string[];
  version: number;
  created_at: Date;
}

export interface StoredUser {
  user: User;
  passwordHash: string;
  version: number;
  /** False when `user.email` is only the address typed at sign-up, owned by another account. */
  ownsEmail: boolean;
}

export interface NewUser {
  username: string;
  /** Null with `pendingEmail` set: the typed address belongs to another account. */
  email: string | null;
  pendingEmail?: string | null;
  name: string;
  bio: string | null;
  avatar: string | null;
  passwordHash: string;
  isVerified: boolean;
  clearMeId: string | null;
  verifiedAt: Date | null;
}

export interface UserChanges {
  name?: string;
  email?: string;
  bio?: string | null;
  avatar?: string | null;
  isVerified?: boolean;
  clearMeId?: string | null;
  verifiedAt?: Date | null;
  passwordHash?: string;
  emailConfirmedAt?: Date | null;
  /** Cleared when the account gets an address of its own. */
  pendingEmail?: string | null;
}

/** The unique indexes, so the domain can tell which field collided. */
export const USERNAME_KEY = 'users_username_lower_key';
export const EMAIL_KEY = 'users_email_lower_key';
/** One verification id per account (migration 002). */
export const VERIFICATION_KEY = 'users_clear_me_id_key';

function toStored(row: UserRow): StoredUser {
  return {
    user: {
      id: row.id,
      username: row.username,
      email: row.email ?? row.pending_email ?? '',
      name: row.name,
      bio: row.bio,
      avatar: row.avatar,
      isVerified: row.is_verified,
      clearMeId: row.clear_me_id,
      verifiedAt: row.verified_at?.toISOString() ?? null,
      emailConfirmedAt: row.email_confirmed_at?.toISOString() ?? null,
      roles: knownRoles(row.roles),
      createdAt: row.created_at.toISOString(),
    },
    passwordHash: row.password_hash,
    version: row.version,
    ownsEmail: row.email !== null,
  };
}

export interface UsersStore {
  insert(db: Knex, user: NewUser): Promise<StoredUser>;
  findById(db: Knex, id: number): Promise<StoredUser | null>;
  /** `forUpdate` locks the row until the transaction ends (read-modify-write by operators). */
  findByLogin(
    db: Knex,
    usernameOrEmail: string,
    options?: { forUpdate?: boolean },
  ): Promise<StoredUser | null>;
  usernameOrEmailTaken(
    db: Knex,
    username: string,
    email: string,
  ): Promise<{ username: boolean; email: boolean }>;
  /** The account that owns `email` (not one that only typed it at sign-up). */
  findByEmail(db: Knex, email: string): Promise<StoredUser | null>;
  update(db: Knex, id: number, changes: UserChanges): Promise<StoredUser | null>;
  /** Deletes the account (its tokens go with it) and answers it as it was; null when gone. */
  delete(db: Knex, id: number): Promise<StoredUser | null>;
  /** Operator only (`npm run grant`); roles are not in the events, so no version bump. */
  setRoles(db: Knex, id: number, roles: readonly Role[]): Promise<void>;
}

/** Every method takes the executor so callers can run it inside their transaction. */
export const knexUsersStore: UsersStore = {
  async insert(db, user) {
    const [row] = await db<UserRow>('users')
      .insert({
        username: user.username,
        email: user.email,
        pending_email: user.pendingEmail ?? null,
        name: user.name,
        bio: user.bio,
        avatar: user.avatar,
        password_hash: user.passwordHash,
        is_verified: user.isVerified,
        clear_me_id: user.clearMeId,
        verified_at: user.verifiedAt,
      })
      .returning('*');
    return toStored(row as UserRow);
  },

  async findById(db, id) {
    const row = await db<UserRow>('users').where({ id }).first();
    return row ? toStored(row) : null;
  },

  async findByLogin(db, usernameOrEmail, options = {}) {
    const key = usernameOrEmail.toLowerCase();
    const column = key.includes('@') ? 'email' : 'username';
    const query = db<UserRow>('users').whereRaw(`lower(${column}) = ?`, [key]);
    const row = await (options.forUpdate ? query.forUpdate() : query).first();
    return row ? toStored(row) : null;
  },

  async usernameOrEmailTaken(db, username, email) {
    const rows = await db<UserRow>('users')
      .select('username', 'email')
      .whereRaw('lower(username) = ?', [username.toLowerCase()])
      .orWhereRaw('lower(email) = ?', [email.toLowerCase()]);
    return {
      username: rows.some((row) => row.username.toLowerCase() === username.toLowerCase()),
      email: rows.some((row) => row.email?.toLowerCase() === email.toLowerCase()),
    };
  },

  async findByEmail(db, email) {
    const row = await db<UserRow>('users')
      .whereRaw('lower(email) = ?', [email.toLowerCase()])
      .first();
    return row ? toStored(row) : null;
  },

  async update(db, id, changes) {
    const patch: Partial<Record<keyof UserRow, unknown>> = {};
    if (changes.name !== undefined) patch.name = changes.name;
    if (changes.email !== undefined) patch.email = changes.email;
    if (changes.bio !== undefined) patch.bio = changes.bio;
    if (changes.avatar !== undefined) patch.avatar = changes.avatar;
    if (changes.isVerified !== undefined) patch.is_verified = changes.isVerified;
    if (changes.clearMeId !== undefined) patch.clear_me_id = changes.clearMeId;
    if (changes.verifiedAt !== undefined) patch.verified_at = changes.verifiedAt;
    if (changes.passwordHash !== undefined) patch.password_hash = changes.passwordHash;
    if (changes.pendingEmail !== undefined) patch.pending_email = changes.pendingEmail;
    if (changes.emailConfirmedAt !== undefined) {
      patch.email_confirmed_at = changes.emailConfirmedAt;
    }
    const [row] = await db('users')
      .where({ id })
      .update({ ...patch, version: db.raw('version + 1'), updated_at: db.fn.now() })
      .returning('*');
    return row ? toStored(row as UserRow) : null;
  },
  async delete(db, id) {
    const [row] = await db('users').where({ id }).delete().returning('*');
    return row ? toStored(row as UserRow) : null;
  },
  async setRoles(db, id, roles) {
    await db('users')
      .where({ id })
      .update({ roles: [...roles], updated_at: db.fn.now() });
  },
};
