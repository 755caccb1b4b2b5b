import { z } from 'zod';

export const USERNAME_PATTERN = /^[A-Za-z0-9_.-]+$/;

/**
 * Could this be someone's username? Profile paths (`/api/users/{username}/…`) answer "User not
 * found" at once for anything else, without a lookup.
 */
export const isUsernameShaped = (value: unknown): value is string =>
  typeof value === 'string' && value.length <= 30 && USERNAME_PATTERN.test(value);
/** Sandbox verification tokens: documented in docs/api.md (design §4). */
export const SANDBOX_TOKEN_PATTERN = /^CLR-[A-Za-z0-9]{6,64}$/;

/**
 * Roles (design §9): everyone is a `member`; `moderator` is granted by an operator command,
 * never through the public API. They travel in the gateway's JWT (`roles` claim).
 */
export const ROLES = ['member', 'moderator'] as const;
export const RoleSchema = z.enum(ROLES);
export type Role = z.infer<typeof RoleSchema>;

/** Roles as stored or claimed: unknown names dropped, `member` always first, no repeats. */
export function knownRoles(values: readonly unknown[] | null | undefined): Role[] {
  const roles = new Set<Role>(['member']);
  for (const value of values ?? []) {
    const parsed = RoleSchema.safeParse(value);
    if (parsed.success) roles.add(parsed.data);
  }
  return ROLES.filter((role) => roles.has(role));
}

/**
 * The Postgres NOTIFY channel on which the gateway's replicas hear that a session row changed
 * (logout, or an operator's role grant) and drop it from their caches.
 */
export const SESSION_CHANGED_CHANNEL = 'gateway_session_revoked';

/** The user as every API answers it (spec §3); the password hash never leaves identity. */
export const UserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  name: z.string(),
  bio: z.string().nullable(),
  avatar: z.string().nullable(),
  isVerified: z.boolean(),
  clearMeId: z.string().nullable(),
  /** When the provider verified this identity (ISO-8601); null when not verified. */
  verifiedAt: z.string().nullable(),
  /** When the owner confirmed the e-mail address through a mailed link; null until then. */
  emailConfirmedAt: z.string().nullable(),
  /** Always holds `member`; `moderator` only by the operator command (design §9). */
  roles: z.array(RoleSchema),
  createdAt: z.string(),
});
export type User = z.infer<typeof UserSchema>;

const username = z
  .string({ error: 'Username is required' })
  .trim()
  .min(1, 'Username is required')
  .min(3, 'Username must be at least 3 characters')
  .max(30, 'Username must be at most 30 characters')
  .regex(
    USERNAME_PATTERN,
    'Username may only contain letters, numbers, dots, dashes and underscores',
  );

/** An e-mail address as every form takes it (spec §5 messages). */
export const EmailAddressSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email must be at most 254 characters')
  .pipe(z.email({ error: 'Enter a valid email address' }));
const email = EmailAddressSchema;

const name = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(100, 'Name must be at most 100 characters');

/**
 * A new password's length (8 to 128); whether it is guessable is identity's policy, which
 * answers with its reason.
 */
export const newPasswordField = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .min(1, `${label} is required`)
    .min(8, `${label} must be at least 8 characters`)
    .max(128, `${label} must be at most 128 characters`);

const password = newPasswordField('Password');

const bio = z.string().trim().max(500, 'Bio must be at most 500 characters');

const avatar = z
  .string()
  .trim()
  .max(2048, 'Avatar URL must be at most 2048 characters')
  .refine((value) => value === '' || /^https?:\/\//i.test(value) || value.startsWith('/'), {
    message: 'Avatar must be a web address',
  });

const verificationToken = z.string().trim().max(200, 'Verification token is invalid');

/**
 * The registration form as the browser holds it (spec §3): the user fields plus
 * `confirmPassword`, `useClearMe` and `clearMeToken`.
 */
export const RegistrationFormSchema = z
  .object({
    username,
    email,
    name,
    password,
    confirmPassword: z.string({ error: "Passwords don't match" }),
    useClearMe: z.boolean().default(false),
    clearMeToken: verificationToken.optional(),
  })
  .refine((form) => form.password === form.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });
export type RegistrationForm = z.infer<typeof RegistrationFormSchema>;

/**
 * What `POST /api/register` accepts. The spec's client sends `isVerified` and `clearMeId`
 * (the token); the server never trusts `isVerified` and treats `clearMeId`/`clearMeToken`
 * only as a token to check with the verification provider.
 */
export const RegisterRequestSchema = z
  .object({
    username,
    email,
    name,
    password,
    confirmPassword: z.string().optional(),
    bio: bio.optional(),
    avatar: avatar.optional(),
    clearMeToken: verificationToken.optional(),
    clearMeId: verificationToken.optional(),
    isVerified: z.unknown().optional(),
    useClearMe: z.unknown().optional(),
  })
  .refine((body) => body.confirmPassword === undefined || body.password === body.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  })
  .transform(({ username, email, name, password, bio, avatar, clearMeToken, clearMeId }) => ({
    username,
    email,
    name,
    password,
    bio: bio || null,
    avatar: avatar || null,
    verificationToken: clearMeToken || clearMeId || null,
  }));
export type RegisterRequest = z.output<typeof RegisterRequestSchema>;
/** What a client sends to `POST /api/register` (before the schema's transform). */
export type RegisterRequestBody = z.input<typeof RegisterRequestSchema>;

/** `POST /api/login`: `username` holds the username or the email (spec §5 messages). */
export const LoginRequestSchema = z.object({
  username: z
    .string({ error: 'Username is required' })
    .trim()
    .min(1, 'Username is required')
    .max(254, 'Username must be at most 254 characters'),
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(128, 'Password must be at most 128 characters'),
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

/** `PATCH /api/user`: the profile's Settings tab. */
export const ProfileUpdateSchema = z
  .object({
    name: name.optional(),
    email: email.optional(),
    bio: bio.nullable().optional(),
    avatar: avatar.nullable().optional(),
  })
  .strict()
  .refine((body) => Object.keys(body).length > 0, { message: 'Nothing to update' });
export type ProfileUpdate = z.infer<typeof ProfileUpdateSchema>;

/** `POST /api/user/verify`: verify after sign-up. */
export const VerifyRequestSchema = z.object({
  token: z
    .string({ error: 'Verification token is required' })
    .trim()
    .min(1, 'Verification token is required')
    .max(200, 'Verification token is invalid'),
});
export type VerifyRequest = z.infer<typeof VerifyRequestSchema>;

export const VERIFICATION_TOKEN_INVALID = 'Verification token is invalid';
/** One verified identity verifies one account (409). */
export const IDENTITY_ALREADY_USED = 'This identity already verifies another account';
/** The provider timed out or could not be reached (503 with Retry-After). */
export const VERIFICATION_UNAVAILABLE =
  'Verification is unavailable right now. Please try again in a moment.';
export const USERNAME_TAKEN = 'Username already taken';
export const EMAIL_TAKEN = 'Email already registered';
export const INVALID_CREDENTIALS = 'Invalid username or password';

/** gateway → identity: the credentials check behind `POST /api/login`. */
export const CredentialsCheckResponseSchema = z.object({ user: UserSchema });
/**
 * identity → gateway, 401: the account a wrong password was tried on (null when no account has
 * that username or e-mail), so username and e-mail spend one sign-in budget. Internal only: the
 * gateway answers the client the same message either way.
 */
export const CredentialsCheckFailureSchema = z.object({
  message: z.string(),
  accountId: z.number().int().nullable(),
});
export type CredentialsCheckFailure = z.infer<typeof CredentialsCheckFailureSchema>;
