import {
  ChangeEmailRequestSchema,
  ChangePasswordRequestSchema,
  ConfirmEmailChangeRequestSchema,
  ConfirmEmailRequestSchema,
  DeleteAccountRequestSchema,
  EMAIL_CHANGE_REQUESTED,
  ForgotPasswordRequestSchema,
  INVALID_CREDENTIALS,
  type CredentialsCheckFailure,
  LoginRequestSchema,
  RegisterRequestSchema,
  RESET_REQUESTED,
  ResetPasswordRequestSchema,
} from '@trustcircle/contracts';
import { badRequest, parseBody, requireInternal } from '@trustcircle/service-kit';
import { Router } from 'express';
import type { AccountDeletion } from '../domain/account-deletion';
import type { Accounts } from '../domain/accounts';
import type { EmailChange } from '../domain/email-change';
import type { EmailConfirmation } from '../domain/email-confirmation';
import type { PasswordFlows } from '../domain/password-flows';

export interface InternalRoutesDeps {
  accounts: Accounts;
  passwords: PasswordFlows;
  confirmation: EmailConfirmation;
  emailChange: EmailChange;
  deletion: AccountDeletion;
}

function userIdParam(raw: string | undefined): number {
  const userId = Number(raw);
  if (!Number.isSafeInteger(userId) || userId < 1) throw badRequest('Invalid user id');
  return userId;
}

/**
 * Called only by the gateway (internal-scope token), which owns sessions and cookies: the
 * calls that start a session, and those after which it ends an account's sessions.
 */
export function internalRoutes({
  accounts,
  passwords,
  confirmation,
  emailChange,
  deletion,
}: InternalRoutesDeps): Router {
  const router = Router();
  router.use(requireInternal);

  router.post('/users', async (req, res) => {
    const user = await accounts.register(parseBody(RegisterRequestSchema, req));
    res.status(201).json(user);
  });

  router.post('/credentials/check', async (req, res) => {
    const { username, password } = parseBody(LoginRequestSchema, req);
    const result = await accounts.checkCredentials(username, password);
    if (!result.user) {
      const failure: CredentialsCheckFailure = {
        message: INVALID_CREDENTIALS,
        accountId: result.accountId,
      };
      res.status(401).json(failure);
      return;
    }
    res.json({ user: result.user });
  });

  router.post('/password-resets', async (req, res) => {
    await passwords.requestReset(parseBody(ForgotPasswordRequestSchema, req).email);
    res.status(202).json({ message: RESET_REQUESTED });
  });

  router.post('/password-resets/complete', async (req, res) => {
    const { token, password } = parseBody(ResetPasswordRequestSchema, req);
    res.json(await passwords.completeReset(token, password));
  });

  router.post('/users/:id/password', async (req, res) => {
    const userId = userIdParam(req.params.id);
    const { currentPassword, newPassword } = parseBody(ChangePasswordRequestSchema, req);
    res.json(await passwords.changePassword(userId, currentPassword, newPassword));
  });

  router.post('/email-confirmations/complete', async (req, res) => {
    res.json(await confirmation.confirm(parseBody(ConfirmEmailRequestSchema, req).token));
  });

  router.post('/users/:id/email-change', async (req, res) => {
    const { newEmail, password } = parseBody(ChangeEmailRequestSchema, req);
    await emailChange.request(userIdParam(req.params.id), newEmail, password);
    res.status(202).json({ message: EMAIL_CHANGE_REQUESTED });
  });

  router.post('/email-changes/complete', async (req, res) => {
    res.json(await emailChange.confirm(parseBody(ConfirmEmailChangeRequestSchema, req).token));
  });

  // The profile part of an export (docs/api.md, "Leave and export").
  router.get('/users/:id', async (req, res) => {
    res.json(await accounts.get(userIdParam(req.params.id)));
  });

  router.post('/users/:id/delete', async (req, res) => {
    const userId = userIdParam(req.params.id);
    await deletion.deleteAccount(userId, parseBody(DeleteAccountRequestSchema, req));
    res.json({ userId });
  });

  return router;
}
