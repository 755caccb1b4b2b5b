import {
  ChangePasswordRequestSchema,
  ConfirmEmailRequestSchema,
  CURRENT_PASSWORD_WRONG,
  EMAIL_CONFIRMED,
  ForgotPasswordRequestSchema,
  PasswordChangedResponseSchema,
  RESET_DONE,
  ResetPasswordRequestSchema,
  type ErrorBody,
  type User,
} from '@trustcircle/contracts';
import { jsonBodyParser, parseBody, unauthorized, type Logger } from '@trustcircle/service-kit';
import { Router } from 'express';
import type { RateLimits } from '../rate-limits';
import type { SessionService } from '../sessions/session-service';
import type { IdentityCalls } from './identity-calls';
import { sessionStarter, type SessionRoutesDeps } from './session-routes';

export interface AccountRoutesDeps {
  identity: IdentityCalls;
  sessions: SessionService;
  cookie: SessionRoutesDeps['cookie'];
  limits: RateLimits;
  bodyLimitBytes: number;
  logger: Logger;
}

/**
 * Password reset, password change and e-mail confirmation (docs/api.md). identity owns the
 * credentials and the tokens; the gateway owns sessions, so after identity has changed a
 * password the gateway ends that account's sessions before it answers.
 */
export function accountRoutes(deps: AccountRoutesDeps): Router {
  const router = Router();
  const json = jsonBodyParser(`${deps.bodyLimitBytes}b`);
  const { identity } = deps;
  const startSession = sessionStarter(deps);
  const security = deps.logger.child({ security: true });

  // The same 202 whether or not an account owns the address; identity queues the mail.
  router.post('/password/forgot', json, async (req, res) => {
    const body = parseBody(ForgotPasswordRequestSchema, req);
    res.status(202).json(await identity.expect('/internal/password-resets', body, 202));
    security.info({ event: 'password.reset_requested' }, 'password reset requested');
  });

  router.post('/password/reset', json, async (req, res) => {
    const body = parseBody(ResetPasswordRequestSchema, req);
    const answer = await identity.expect('/internal/password-resets/complete', body, 200);
    const { userId } = PasswordChangedResponseSchema.parse(answer);
    // Every session of the account, this browser's included: the new password signs in anew.
    const ended = await deps.sessions.revokeAllForUser(userId);
    security.info({ event: 'password.reset', userId, sessionsEnded: ended }, 'password reset');
    res.json({ message: RESET_DONE });
  });

  router.post('/user/password', json, async (req, res) => {
    const session = req.tcSession;
    if (!session) throw unauthorized();
    const body = parseBody(ChangePasswordRequestSchema, req);
    // Guessing the current password from a stolen session spends the sign-in failure budget.
    const failures = deps.limits.accountFailures(String(session.userId));
    await deps.limits.limiter.check(failures);
    const answer = await identity.call(`/internal/users/${session.userId}/password`, body);
    if (answer.status !== 200) {
      if ((answer.body as ErrorBody | null)?.message === CURRENT_PASSWORD_WRONG) {
        await deps.limits.limiter.spend([failures]);
        security.warn(
          { event: 'password.change_failed', userId: session.userId },
          'wrong current password',
        );
      }
      identity.relayFailure(answer.status, answer.body);
    }
    const ended = await deps.sessions.revokeAllForUser(session.userId, session.idHash);
    security.info(
      { event: 'password.changed', userId: session.userId, sessionsEnded: ended },
      'password changed',
    );
    // This browser stays signed in, under a new session id.
    await startSession(req, res, answer.body as User, 200);
  });

  router.post('/email/confirm', json, async (req, res) => {
    const body = parseBody(ConfirmEmailRequestSchema, req);
    const user = (await identity.expect(
      '/internal/email-confirmations/complete',
      body,
      200,
    )) as User;
    security.info({ event: 'email.confirmed', userId: user.id }, 'email address confirmed');
    res.json({ message: EMAIL_CONFIRMED });
  });

  return router;
}
