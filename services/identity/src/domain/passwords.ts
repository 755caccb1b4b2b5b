import { hash, verify } from '@node-rs/argon2';

/** OWASP's argon2id floor: 19 MiB, 2 passes, 1 lane (argon2id is the library default). */
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let decoyHash: Promise<string> | null = null;

/**
 * Spends the same work as a real check when the account does not exist, so response time
 * does not reveal which usernames are registered.
 */
export async function verifyAgainstDecoy(password: string): Promise<false> {
  decoyHash ??= hashPassword('decoy-password-that-never-matches');
  await verifyPassword(await decoyHash, password);
  return false;
}
