import { INVALID_CREDENTIALS, type LoginRequest, type User } from '@trustcircle/contracts';
import { unauthorized } from '@trustcircle/service-kit';
import type { Request, Response } from 'express';
import type { RateLimits } from '../rate-limits';
import { hashSessionId } from '../sessions/session-service';
import type { TrustedDevices } from './trusted-devices';

/**
 * An unknown name's budget key: hashed, so the shared counters never keep what people typed
 * (a mistyped password in the name field, or the name of an account that was deleted).
 */
const typedName = (name: string) => hashSessionId(name.trim().toLowerCase());

/** identity's verdict; `accountId` (null: no such account) never reaches the client. */
export type CredentialsVerdict = { user: User } | { user: null; accountId: number | null };

/**
 * Sign-in budgets (docs/security.md, "Sign-in"):
 * - per client address, every attempt (browsers trusted for the account excepted);
 * - failures per account, username and e-mail alike (identity names the account), shared by
 *   every browser without this account's device cookie: exhausted, it locks only them;
 * - failures per device cookie, for a browser that signed in to this account before.
 * Exhausted, a budget answers 429 even for the right password, so a guesser learns nothing;
 * unknown names get a budget of their own, so they answer exactly like known ones.
 */
export class SignInGuard {
  constructor(
    private readonly limits: RateLimits,
    private readonly devices: TrustedDevices,
  ) {}

  /** A sign-up is the account's first successful sign-in: this browser is its owner's. */
  async trustBrowser(res: Response, userId: number): Promise<void> {
    await this.devices.trust(res, userId);
  }

  /** A deleted account: the browsers trusted for it are forgotten. */
  async forgetAccount(userId: number): Promise<void> {
    await this.devices.forget(userId);
  }

  async attempt(
    req: Request,
    res: Response,
    credentials: LoginRequest,
    check: (credentials: LoginRequest) => Promise<CredentialsVerdict>,
  ): Promise<User> {
    const { limiter } = this.limits;
    const device = await this.devices.recognise(req);
    const perIp = this.limits.loginPerIp(req);
    if (!device) await limiter.spend([perIp]);

    const verdict = await check(credentials);
    const accountId = verdict.user ? verdict.user.id : verdict.accountId;
    const trusted = device !== null && device.userId === accountId;
    // A device cookie of another account vouches for nothing here.
    if (device && !trusted) await limiter.spend([perIp]);
    const budget = trusted
      ? this.limits.deviceFailures(device.idHash)
      : this.limits.accountFailures(
          accountId === null ? `name:${typedName(credentials.username)}` : `${accountId}`,
        );

    if (!verdict.user) {
      await limiter.spend([budget]);
      throw unauthorized(INVALID_CREDENTIALS);
    }
    await limiter.check(budget);
    if (trusted) await limiter.clear(budget.key);
    else await this.devices.trust(res, verdict.user.id);
    return verdict.user;
  }
}
