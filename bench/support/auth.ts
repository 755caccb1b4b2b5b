/** Signed-in callers for the bench: gateway sessions (cookies) and gateway-style JWTs. */
import { createHash, randomBytes } from 'node:crypto';
import { signToken } from '@trustcircle/service-kit';
import type pg from 'pg';
import type { SigningKey } from './services.ts';

/** A user token exactly as the gateway mints it, for calls straight to a service. */
export function mintUserToken(signingKey: SigningKey, userId: number): string {
  return signToken(signingKey, 'user', String(userId));
}

/** Registers `username` through the gateway: its session cookie and identity id. */
export async function registerUser(
  gatewayUrl: string,
  username: string,
  name: string,
): Promise<{ cookie: string; userId: number }> {
  const registered = await fetch(`${gatewayUrl}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username,
      email: `${username}@example.com`,
      name,
      password: 'correct horse battery',
    }),
  });
  if (registered.status !== 201) throw new Error(`register: ${registered.status}`);
  const cookie = registered.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  return { cookie, userId: ((await registered.json()) as { id: number }).id };
}

/** The session cookie's name of a gateway in production mode (Secure, so `__Host-`). */
export const PRODUCTION_SESSION_COOKIE = '__Host-tc_session';

/**
 * Gateway sessions for many users at once, written straight into the gateway's table (only
 * the id's hash is stored, as the gateway does): one `tc_session` cookie per user id.
 */
export async function insertSessions(
  admin: pg.Client,
  userIds: number[],
  cookieName = 'tc_session',
): Promise<string[]> {
  const cookies: string[] = [];
  for (const userId of userIds) {
    const id = randomBytes(32).toString('base64url');
    await admin.query(
      `insert into gateway.sessions (id_hash, user_id, idle_expires_at, absolute_expires_at)
       values ($1, $2, now() + interval '1 day', now() + interval '1 day')`,
      [createHash('sha256').update(id).digest('hex'), userId],
    );
    cookies.push(`${cookieName}=${id}`);
  }
  return cookies;
}
