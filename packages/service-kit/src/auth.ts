import type { KeyObject } from 'node:crypto';
import type { RequestHandler } from 'express';
import jwt from 'jsonwebtoken';
import { RoleSchema, type Role } from '@trustcircle/contracts';
import { forbidden, unauthorized } from './errors';
import {
  JWT_ALGORITHM,
  JWT_AUDIENCE,
  JWT_ISSUER,
  publicKeysByKid,
  type Jwks,
  type SigningKey,
} from './jwt-keys';

export type TokenScope = 'user' | 'internal';

export interface AuthContext {
  /** The signed-in user; absent for internal (gateway-to-service) calls. */
  userId?: number;
  scope: TokenScope;
  /** The user's roles from the `roles` claim; always holds `member` for a user token. */
  roles: readonly Role[];
}

declare module 'express-serve-static-core' {
  interface Request {
    auth?: AuthContext;
  }
}

/**
 * Signs a token as the gateway does (design §4): ES256, issuer, audience, `kid`, short-lived.
 * `subject` is the user id for a user token, the caller's name for an internal one.
 */
export function signToken(
  key: SigningKey,
  scope: TokenScope,
  subject: string,
  lifetimeSeconds = 300,
  roles: readonly Role[] = [],
): string {
  const claims = roles.length ? { scope, roles } : { scope };
  return jwt.sign(claims, key.privateKey, {
    algorithm: JWT_ALGORITHM,
    issuer: JWT_ISSUER,
    audience: JWT_AUDIENCE,
    subject,
    expiresIn: lifetimeSeconds,
    keyid: key.kid,
  });
}

export class InvalidTokenError extends Error {
  override name = 'InvalidTokenError';
}

/** Tokens remembered after a successful verification (the gateway reuses one per user). */
const VERIFIED_CACHE_MAX = 10_000;
const MAX_TOKEN_AGE_MS = 10 * 60_000;

/**
 * Verifies the gateway's JWTs with public keys only: algorithm pinned, issuer, audience and
 * expiry checked, the key picked by `kid`. An ES256 verification costs a few tenths of a
 * millisecond and the gateway sends the same token for a minute, so a verified token is
 * remembered (by its exact text) until it expires: a repeat is a map lookup.
 */
export class JwtVerifier {
  private readonly keys: Map<string, KeyObject>;
  private readonly verified = new Map<string, { auth: AuthContext; validUntil: number }>();

  constructor(jwks: Jwks) {
    this.keys = publicKeysByKid(jwks);
  }

  verify(token: string): AuthContext {
    const now = Date.now();
    const hit = this.verified.get(token);
    if (hit && now < hit.validUntil) return hit.auth;
    if (hit) this.verified.delete(token);
    const { auth, validUntil } = this.verifySignature(token);
    if (this.verified.size >= VERIFIED_CACHE_MAX) this.verified.clear();
    this.verified.set(token, { auth, validUntil });
    return auth;
  }

  private verifySignature(token: string): { auth: AuthContext; validUntil: number } {
    const decoded = jwt.decode(token, { complete: true });
    const kid = decoded && typeof decoded === 'object' ? decoded.header.kid : undefined;
    const key = kid ? this.keys.get(kid) : undefined;
    if (!key) throw new InvalidTokenError('unknown signing key');
    let claims: jwt.JwtPayload | string;
    try {
      claims = jwt.verify(token, key, {
        algorithms: [JWT_ALGORITHM],
        issuer: JWT_ISSUER,
        audience: JWT_AUDIENCE,
        maxAge: MAX_TOKEN_AGE_MS / 1000,
      });
    } catch (error) {
      throw new InvalidTokenError((error as Error).message);
    }
    if (typeof claims === 'string') throw new InvalidTokenError('unexpected token payload');
    // What jwt.verify checked: `exp`, and `iat` no older than maxAge.
    const validUntil = Math.min(
      claims.exp === undefined ? Infinity : claims.exp * 1000,
      claims.iat === undefined ? Infinity : claims.iat * 1000 + MAX_TOKEN_AGE_MS,
    );
    const scope: TokenScope = claims.scope === 'internal' ? 'internal' : 'user';
    if (scope === 'internal') return { auth: Object.freeze({ scope, roles: [] }), validUntil };
    const userId = Number(claims.sub);
    if (!Number.isSafeInteger(userId) || userId <= 0) throw new InvalidTokenError('bad subject');
    return { auth: Object.freeze({ scope, userId, roles: rolesOf(claims.roles) }), validUntil };
  }
}

const MEMBER_ONLY: readonly Role[] = Object.freeze(['member'] as const);

/** Unknown role names are dropped, not trusted; every user is at least a member. */
function rolesOf(claim: unknown): readonly Role[] {
  if (!Array.isArray(claim) || claim.length === 0) return MEMBER_ONLY;
  const roles = new Set<Role>(['member']);
  for (const value of claim) {
    const parsed = RoleSchema.safeParse(value);
    if (parsed.success) roles.add(parsed.data);
  }
  return Object.freeze([...roles]);
}

/**
 * Reads `Authorization: Bearer`. No header means an anonymous request; a bad token is a 401,
 * never silently anonymous.
 */
export function authenticate(verifier: JwtVerifier): RequestHandler {
  return (req, _res, next) => {
    const header = req.headers.authorization;
    if (!header) return next();
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1]) return next(unauthorized('Invalid or expired token'));
    try {
      req.auth = verifier.verify(match[1]);
      next();
    } catch {
      next(unauthorized('Invalid or expired token'));
    }
  };
}

export const requireUser: RequestHandler = (req, _res, next) => {
  if (req.auth?.userId === undefined) return next(unauthorized());
  next();
};

/** A signed-in user holding `role`: 401 when anonymous, 403 otherwise (design §9). */
export function requireRole(role: Role, message = 'Only moderators can do that'): RequestHandler {
  return (req, _res, next) => {
    if (req.auth?.userId === undefined) return next(unauthorized());
    if (!req.auth.roles.includes(role)) return next(forbidden(message));
    next();
  };
}

/**
 * The guard of every moderators' router: 401 anonymous, 403 members, and answers no cache in
 * between may keep (they show reports, claims and who made them).
 */
export function moderatorsOnly(message: string): RequestHandler[] {
  return [
    requireRole('moderator', message),
    (_req, res, next) => {
      res.set('Cache-Control', 'private, no-store');
      next();
    },
  ];
}

/** Whether the caller holds `role` (for answers that show more to moderators). */
export const hasRole = (req: { auth?: AuthContext }, role: Role) =>
  req.auth?.roles.includes(role) ?? false;

export const requireInternal: RequestHandler = (req, _res, next) => {
  if (req.auth?.scope !== 'internal') return next(forbidden('Internal endpoint'));
  next();
};

/** The signed-in user's id; only call behind `requireUser`. */
export function currentUserId(req: { auth?: AuthContext }): number {
  const id = req.auth?.userId;
  if (id === undefined) throw unauthorized();
  return id;
}
