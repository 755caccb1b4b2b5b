import { z } from 'zod';
import { MessageResponseSchema } from './account';
import type { ApiOperation } from './operation';
import { EmailAddressSchema } from './users';

/**
 * Changing the e-mail address (issue 19): the password proves the owner is at the keyboard,
 * the new address is confirmed through a single-use link before it takes effect, and the old
 * address is told once it has.
 */
export const ChangeEmailRequestSchema = z.object({
  newEmail: EmailAddressSchema,
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(128, 'Password is incorrect'),
});
export type ChangeEmailRequest = z.infer<typeof ChangeEmailRequestSchema>;

/** `POST /api/email/change/confirm`: the token from the link mailed to the new address. */
export const ConfirmEmailChangeRequestSchema = z.object({
  token: z
    .string({ error: 'The link is incomplete' })
    .trim()
    .min(1, 'The link is incomplete')
    .max(200, 'The link is invalid'),
});
export type ConfirmEmailChangeRequest = z.infer<typeof ConfirmEmailChangeRequestSchema>;

/** The same 202 whether or not another account owns the new address (no enumeration). */
export const EMAIL_CHANGE_REQUESTED =
  'We have sent a link to the new address. Your email address changes when you open it; the link works for 24 hours.';
export const EMAIL_CHANGED = 'Your email address has been changed.';
export const EMAIL_CHANGE_LINK_INVALID =
  'This email change link is invalid, used or expired. Ask for a new one from your settings.';
export const EMAIL_UNCHANGED = 'This is already your email address';
export const PASSWORD_WRONG = 'Password is incorrect';
/** `PATCH /api/user` with another address: the address changes only through the link. */
export const EMAIL_CHANGE_NEEDS_CONFIRMATION =
  'Change your email address from your settings: it needs your password and a confirmation link';
/** Hours an e-mail change link stays valid. */
export const EMAIL_CHANGE_LINK_HOURS = 24;

export const emailChangeApiOperations: ApiOperation[] = [
  {
    method: 'post',
    path: '/api/user/email',
    summary:
      'Ask to change the e-mail address (password required): a 24-hour single-use link goes to the new address; the same 202 whether or not another account owns it',
    tag: 'account',
    auth: 'session',
    request: ChangeEmailRequestSchema,
    response: MessageResponseSchema,
    status: 202,
    errors: [400, 401, 403, 413, 415, 429, 503],
  },
  {
    method: 'post',
    path: '/api/email/change/confirm',
    summary:
      'Make the new address the account’s (confirmed) with the token from the link; the old address is told (no session needed)',
    tag: 'account',
    auth: 'none',
    request: ConfirmEmailChangeRequestSchema,
    response: MessageResponseSchema,
    errors: [400, 403, 413, 415, 429, 503],
  },
];
