import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits for the link; only the SHA-256 is stored, so a database leak opens nothing. */
export function newAccountToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashAccountToken(token) };
}

export const hashAccountToken = (token: string) => createHash('sha256').update(token).digest('hex');

export const HOUR_MS = 3_600_000;
