import {
  ChangeEmailRequestSchema,
  ChangePasswordRequestSchema,
  ConfirmEmailChangeRequestSchema,
  ConfirmEmailRequestSchema,
  CURRENT_PASSWORD_WRONG,
  EMAIL_CHANGE_REQUESTED,
  EMAIL_CHANGED,
  EMAIL_CONFIRMED,
  ForgotPasswordRequestSchema,
  PASSWORD_WRONG,
  PasswordChangedResponseSchema,
  RESET_DONE,
  ResetPasswordRequestSchema,
  type User,
} from '@trustcircle/contracts';
import {
  jsonBodyParser,
  parseBody,
  unauthorized,
  type Logger,
  type SecurityEvent,
  type SecurityEvents,
} from '@trustcircle/service-kit';
import { Router, type Request } from 'express';
import type { RateLimits } from '../rate-limits';
import type { SessionService } from '../sessions/session-service';
import type { IdentityCalls } from './identity-calls';
import { passwordProof } from './password-proof';
import { sessionStarter, type SessionRoutesDeps } from './session-routes';

export interface AccountRoutesDeps {
  identity: IdentityCalls;
  sessions: SessionService;
  cookie: SessionRoutesDeps['cookie'];
  limits: RateLimits;
  bodyLimitBytes: number;
  logger: Logger;
  security: SecurityEvents;
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
  const record = (event: SecurityEvent, req: Request, userId?: number, sessionsEnded?: number) =>
    deps.security.record(event, {
      userId,
      ip: req.ip,
      details: sessionsEnded === undefined ? undefined : { sessionsEnded },
    });

  const withPassword = passwordProof(deps);

  // The same 202 whether or not an account owns the address; identity queues the mail.
  router.post('/password/forgot', json, async (req, res) => {
    const body = parseBody(ForgotPasswordRequestSchema, req);
    res.status(202).json(await identity.expect('/internal/password-resets', body, 202));
    record('password.reset_requested', req);
  });

  router.post('/password/reset', json, async (req, res) => {
    const body = parseBody(ResetPasswordRequestSchema, req);
    const answer = await identity.expect('/internal/password-resets/complete', body, 200);
    const { userId } = PasswordChangedResponseSchema.parse(answer);
    // Every session of the account, this browser's included: the new password signs in anew.
    const ended = await deps.sessions.revokeAllForUser(userId);
    record('password.reset', req, userId, ended);
    res.json({ message: RESET_DONE });
  });

  router.post('/user/password', json, async (req, res) => {
    const session = req.tcSession;
    if (!session) throw unauthorized();
    const body = parseBody(ChangePasswordRequestSchema, req);
    const answer = await withPassword(req, session.userId, {
      path: `/internal/users/${session.userId}/password`,
      body,
      wrong: CURRENT_PASSWORD_WRONG,
      failed: 'password.change_failed',
    });
    const ended = await deps.sessions.revokeAllForUser(session.userId, session.idHash);
    record('password.changed', req, session.userId, ended);
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
    record('email.confirmed', req, user.id);
    res.json({ message: EMAIL_CONFIRMED });
  });

  // The same 202 whether or not another account owns the new address (identity mails its owner).
  router.post('/user/email', json, async (req, res) => {
    const session = req.tcSession;
    if (!session) throw unauthorized();
    const body = parseBody(ChangeEmailRequestSchema, req);
    await withPassword(req, session.userId, {
      path: `/internal/users/${session.userId}/email-change`,
      body,
      wrong: PASSWORD_WRONG,
      failed: 'email.change_failed',
    });
    record('email.change_requested', req, session.userId);
    res.status(202).json({ message: EMAIL_CHANGE_REQUESTED });
  });

  router.post('/email/change/confirm', json, async (req, res) => {
    const body = parseBody(ConfirmEmailChangeRequestSchema, req);
    const user = (await identity.expect('/internal/email-changes/complete', body, 200)) as User;
    record('email.changed', req, user.id);
    res.json({ message: EMAIL_CHANGED });
  });

  return router;
}
