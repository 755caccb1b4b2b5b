import type { Role } from '@trustcircle/contracts';
import { signToken, type SigningKey } from '@trustcircle/service-kit';

const TOKEN_LIFETIME_S = 300;
const REUSE_FOR_MS = 60_000;

/**
 * Mints the short-lived JWTs the gateway attaches to proxied requests (design §4). A token is
 * reused for a minute so a busy user does not cost a signature per request.
 */
export class TokenMinter {
  private readonly cache = new Map<string, { token: string; mintedAt: number }>();

  constructor(private readonly key: SigningKey) {}

  /** The roles are part of the cache key: a grant or revoke gets a new token at once. */
  forUser(userId: number, roles: readonly Role[]): string {
    return this.cached(`u:${userId}:${roles.join(',')}`, () =>
      signToken(this.key, 'user', String(userId), TOKEN_LIFETIME_S, roles),
    );
  }

  /** For the gateway's own calls to `/internal/*` endpoints. */
  internal(): string {
    return this.cached('internal', () =>
      signToken(this.key, 'internal', 'gateway', TOKEN_LIFETIME_S),
    );
  }

  private cached(key: string, mint: () => string): string {
    const now = Date.now();
    const hit = this.cache.get(key);
    if (hit && now - hit.mintedAt < REUSE_FOR_MS) return hit.token;
    if (this.cache.size > 100_000) this.cache.clear();
    const token = mint();
    this.cache.set(key, { token, mintedAt: now });
    return token;
  }
}
