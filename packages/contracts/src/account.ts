import { z } from 'zod';
import type { ApiOperation } from './operation';
import { EmailAddressSchema, newPasswordField, UserSchema } from './users';

/**
 * Account recovery and upkeep (issue 19): forgotten password, password change, e-mail
 * confirmation. Tokens travel only in links mailed to the address; 43 characters (256 bits,
 * base64url) when genuine, so anything much longer is refused before a lookup.
 */
const token = z
  .string({ error: 'The link is incomplete' })
  .trim()
  .min(1, 'The link is incomplete')
  .max(200, 'The link is invalid');

/** `POST /api/password/forgot` */
export const ForgotPasswordRequestSchema = z.object({ email: EmailAddressSchema });
export type ForgotPasswordRequest = z.infer<typeof ForgotPasswordRequestSchema>;

/** `POST /api/password/reset`: the token from the mailed link and the new password. */
export const ResetPasswordRequestSchema = z.object({
  token,
  password: newPasswordField('Password'),
});
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequestSchema>;

/** `POST /api/user/password`: signed in, the current password proves it is the owner. */
export const ChangePasswordRequestSchema = z.object({
  currentPassword: z
    .string({ error: 'Current password is required' })
    .min(1, 'Current password is required')
    .max(128, 'Current password is incorrect'),
  newPassword: newPasswordField('New password'),
});
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequestSchema>;

/** `POST /api/email/confirm`: the token from the confirmation link; no session needed. */
export const ConfirmEmailRequestSchema = z.object({ token });
export type ConfirmEmailRequest = z.infer<typeof ConfirmEmailRequestSchema>;

/** Answers that carry only a sentence for the person. */
export const MessageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponseSchema>;

/** identity → gateway after a reset or password change: whose sessions to end. */
export const PasswordChangedResponseSchema = z.object({ userId: z.number().int() });

/** The same answer whether or not an account uses the address (no enumeration). */
export const RESET_REQUESTED =
  'If an account uses that address, we have sent it a link to choose a new password. The link works for one hour.';
export const RESET_DONE = 'Your password has been changed. Sign in with your new password.';
export const RESET_LINK_INVALID =
  'This password reset link is invalid, used or expired. Ask for a new one.';
export const CURRENT_PASSWORD_WRONG = 'Current password is incorrect';
export const EMAIL_CONFIRMED = 'Your email address is confirmed.';
export const CONFIRM_LINK_INVALID =
  'This confirmation link is invalid, used or expired. Ask for a new one from your settings.';
export const CONFIRMATION_SENT = 'We have sent a confirmation link to your email address.';
export const EMAIL_ALREADY_CONFIRMED = 'Your email address is already confirmed.';
/** Hours a password reset link and an e-mail confirmation link stay valid. */
export const RESET_LINK_HOURS = 1;
export const CONFIRM_LINK_HOURS = 24;

/** The operations of this module, for the OpenAPI document (api.ts). */
export const accountApiOperations: ApiOperation[] = [
  {
    method: 'post',
    path: '/api/password/forgot',
    summary:
      'Mail a one-hour, single-use password reset link; the same 202 whether or not an account owns the address',
    tag: 'account',
    auth: 'none',
    request: ForgotPasswordRequestSchema,
    response: MessageResponseSchema,
    status: 202,
    errors: [400, 403, 413, 415, 429, 503],
  },
  {
    method: 'post',
    path: '/api/password/reset',
    summary:
      'Set a new password with the token from the reset link; ends every session of the account',
    tag: 'account',
    auth: 'none',
    request: ResetPasswordRequestSchema,
    response: MessageResponseSchema,
    errors: [400, 403, 413, 415, 429, 503],
  },
  {
    method: 'post',
    path: '/api/user/password',
    summary:
      'Change the password (current one required); ends the other sessions and renews this one (new cookie)',
    tag: 'account',
    auth: 'session',
    request: ChangePasswordRequestSchema,
    response: UserSchema,
    errors: [400, 401, 403, 413, 415, 429, 503],
  },
  {
    method: 'post',
    path: '/api/email/confirm',
    summary:
      'Confirm the e-mail address with the token from the confirmation link (no session needed)',
    tag: 'account',
    auth: 'none',
    request: ConfirmEmailRequestSchema,
    response: MessageResponseSchema,
    errors: [400, 403, 413, 415, 429, 503],
  },
  {
    method: 'post',
    path: '/api/user/email/confirmation',
    summary: 'Mail another 24-hour confirmation link (at most 3 an hour)',
    tag: 'account',
    auth: 'session',
    response: MessageResponseSchema,
    status: 202,
    errors: [401, 409, 429],
  },
];
