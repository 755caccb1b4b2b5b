import { z } from 'zod';
import type { ApiOperation } from './operation';
import { MessageResponseSchema } from './account';

/**
 * The signed-in user's sessions (issue 19). `id` is a public handle of its own, never the
 * cookie or its hash; `browser` and `os` are read from the User-Agent at sign-in and are null
 * when it named none.
 */
export const SessionSchema = z.object({
  id: z.string(),
  browser: z.string().nullable(),
  os: z.string().nullable(),
  /** `mobile`, `tablet` …; null for a desktop or an unknown device. */
  device: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  /** The session this request was made with. */
  current: z.boolean(),
});
export type Session = z.infer<typeof SessionSchema>;
export const SessionListSchema = z.array(SessionSchema);

/** `POST /api/user/sessions/end-others`: how many other sessions ended. */
export const OtherSessionsEndedSchema = MessageResponseSchema.extend({
  ended: z.number().int().nonnegative(),
});
export type OtherSessionsEnded = z.infer<typeof OtherSessionsEndedSchema>;

export const SESSION_NOT_FOUND = 'Session not found';
export const SESSION_ENDED = 'The session has been signed out.';
export const otherSessionsEnded = (n: number) =>
  n === 1 ? 'Signed out of 1 other session.' : `Signed out of ${n} other sessions.`;

export const sessionApiOperations: ApiOperation[] = [
  {
    method: 'get',
    path: '/api/user/sessions',
    summary:
      "The signed-in user's active sessions, newest first: browser and OS from the user agent, created, last seen (to the minute), this one marked current",
    tag: 'account',
    auth: 'session',
    response: SessionListSchema,
    errors: [401],
  },
  {
    method: 'delete',
    path: '/api/user/sessions/:id',
    summary:
      "Sign one session out at once on every gateway replica; 404 for an unknown id or another account's session. Ending the current one also clears the cookie",
    tag: 'account',
    auth: 'session',
    response: MessageResponseSchema,
    errors: [401, 403, 404, 429],
  },
  {
    method: 'post',
    path: '/api/user/sessions/end-others',
    summary: 'Sign out everywhere else: every session of the account but this one ends',
    tag: 'account',
    auth: 'session',
    response: OtherSessionsEndedSchema,
    errors: [401, 403, 429],
  },
];
