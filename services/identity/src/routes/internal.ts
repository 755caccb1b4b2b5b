import {
  INVALID_CREDENTIALS,
  type CredentialsCheckFailure,
  LoginRequestSchema,
  RegisterRequestSchema,
} from '@trustcircle/contracts';
import { parseBody, requireInternal } from '@trustcircle/service-kit';
import { Router } from 'express';
import type { Accounts } from '../domain/accounts';

/** Called only by the gateway (internal-scope token), which owns sessions and cookies. */
export function internalRoutes(accounts: Accounts): Router {
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

  return router;
}
