import { randomBytes } from 'node:crypto';
import type { CookieOptions, Request, Response } from 'express';
import { cookieOf } from '../cookies';
import { hashSessionId } from '../sessions/session-service';
import type { DevicesStore, TrustedDevice } from '../store/devices-store';

const DAY_MS = 24 * 3_600_000;

/**
 * Device cookies (OWASP "Slow brute force" / ASVS 2.2.1): after a successful sign-in the browser
 * gets a random token bound to that account, stored hashed like a session id. It carries no
 * rights of its own; it only names the browser's own failed-sign-in budget.
 */
export class TrustedDevices {
  readonly cookieName: string;
  private readonly options: CookieOptions;

  constructor(
    private readonly store: DevicesStore,
    private readonly settings: { ttlDays: number; secure: boolean },
  ) {
    // `__Host-` makes the browser insist on Secure, Path=/ and no Domain.
    this.cookieName = settings.secure ? '__Host-tc_device' : 'tc_device';
    this.options = {
      httpOnly: true,
      sameSite: 'strict',
      path: '/',
      secure: settings.secure,
      maxAge: settings.ttlDays * DAY_MS,
    };
  }

  /** The browser's trusted-device row, or null (no cookie, unknown, expired). */
  async recognise(req: Request): Promise<TrustedDevice | null> {
    const token = cookieOf(req.headers.cookie, this.cookieName);
    if (!token || token.length > 100) return null;
    return this.store.findValid(hashSessionId(token));
  }

  /** The account is gone: no browser is trusted for it any more. */
  async forget(userId: number): Promise<void> {
    await this.store.deleteForUser(userId);
  }

  /** Trusts this browser for `userId` from now on (a new token each time). */
  async trust(res: Response, userId: number): Promise<void> {
    const token = randomBytes(32).toString('base64url');
    await this.store.create({
      idHash: hashSessionId(token),
      userId,
      ttlMs: this.settings.ttlDays * DAY_MS,
    });
    res.cookie(this.cookieName, token, this.options);
  }
}
