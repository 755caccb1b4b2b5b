import type { ErrorBody } from '@trustcircle/contracts';
import type { SecurityEvent, SecurityEvents } from '@trustcircle/service-kit';
import type { Request } from 'express';
import type { RateLimits } from '../rate-limits';
import type { IdentityCalls } from './identity-calls';

/**
 * An identity call that proves the owner with a password (change password, change e-mail,
 * delete the account): a wrong one spends the account's sign-in failure budget, so a stolen
 * session cannot guess it (docs/security.md, "Sign-in"); exhausted, even the right one waits.
 */
export function passwordProof(deps: {
  identity: IdentityCalls;
  limits: RateLimits;
  security: SecurityEvents;
}) {
  return async (
    req: Request,
    userId: number,
    call: { path: string; body: unknown; wrong: string; failed: SecurityEvent },
  ): Promise<{ status: number; body: unknown }> => {
    const failures = deps.limits.accountFailures(String(userId));
    await deps.limits.limiter.check(failures);
    const answer = await deps.identity.call(call.path, call.body);
    if (answer.status >= 300) {
      if ((answer.body as ErrorBody | null)?.message === call.wrong) {
        await deps.limits.limiter.spend([failures]);
        deps.security.record(call.failed, { userId, ip: req.ip });
      }
      deps.identity.relayFailure(answer.status, answer.body);
    }
    return answer;
  };
}
