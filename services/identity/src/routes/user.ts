import {
  CONFIRMATION_SENT,
  ProfileUpdateSchema,
  VerifyRequestSchema,
} from '@trustcircle/contracts';
import { currentUserId, parseBody, requireUser } from '@trustcircle/service-kit';
import { Router } from 'express';
import type { Accounts } from '../domain/accounts';
import type { EmailConfirmation } from '../domain/email-confirmation';

/**
 * The signed-in user's own account: read, profile update, verification after sign-up, another
 * e-mail confirmation link.
 */
export function userRoutes({
  accounts,
  confirmation,
}: {
  accounts: Accounts;
  confirmation: EmailConfirmation;
}): Router {
  const router = Router();
  router.use(requireUser);

  router.get('/', async (req, res) => {
    res.json(await accounts.get(currentUserId(req)));
  });

  router.patch('/', async (req, res) => {
    res.json(await accounts.updateProfile(currentUserId(req), parseBody(ProfileUpdateSchema, req)));
  });

  router.post('/verify', async (req, res) => {
    const { token } = parseBody(VerifyRequestSchema, req);
    res.json(await accounts.verify(currentUserId(req), token));
  });

  router.post('/email/confirmation', async (req, res) => {
    await confirmation.resend(currentUserId(req));
    res.status(202).json({ message: CONFIRMATION_SENT });
  });

  return router;
}
