import { withTimeout } from '@trustcircle/http-server';
import { displayName, HOME_HERO, UserSchema } from '@trustcircle/contracts';
import { escapeHtml } from '@trustcircle/service-kit';
import type { Request } from 'express';
import type { SessionService } from './sessions/session-service';
import type { TokenMinter } from './tokens';
import type { Upstreams } from './upstream';

export interface HomeHeadDeps {
  sessions: SessionService;
  cookieName: string;
  tokens: TokenMinter;
  upstreams: Upstreams;
  identityUrl: string;
}

const NamesSchema = UserSchema.pick({ name: true, username: true });

/**
 * The top of the signed-in home's hero as the shell's pages/Home.tsx draws it: the greeting and
 * the lead line (the page's largest text on a phone), in the same boxes (e2e/feed.test.ts
 * compares them).
 */
export function homeHeadHtml(user: { name: string; username: string }): string {
  return (
    '<main class="flex-grow-1 tc-main"><section class="tc-hero tc-hero-compact text-white">' +
    '<div class="container-xl py-4 py-md-5">' +
    `<h1 class="h2 fw-bold mb-1">${escapeHtml(HOME_HERO.greeting(displayName(user)))}</h1>` +
    `<p class="tc-on-dark-muted mb-3">${escapeHtml(HOME_HERO.lead)}</p></div></section></main>`
  );
}

/**
 * The home's head for the person signed in with this request's session, with their name as
 * identity answers `/api/user` to them; undefined for a visitor (the landing: its own HTML
 * paints nothing more), a session gone, or an identity that does not answer within `waitMs`.
 */
export async function homeHeadFor(
  deps: HomeHeadDeps,
  req: Request,
  waitMs: number,
): Promise<string | undefined> {
  // The page's route parses the cookies (cookie-parser), as the API's does.
  const id = (req.cookies as Record<string, string | undefined> | undefined)?.[deps.cookieName];
  if (!id) return undefined;
  try {
    const session = await deps.sessions.resolve(id);
    if (!session) return undefined;
    const answer = await withTimeout(
      deps.upstreams.requestJson(deps.identityUrl, {
        method: 'GET',
        path: '/api/user',
        headers: {
          authorization: `Bearer ${deps.tokens.forUser(session.userId, session.roles)}`,
        },
      }),
      waitMs,
      'identity slow',
    );
    const user = answer.status === 200 ? NamesSchema.safeParse(answer.body) : undefined;
    return user?.success ? homeHeadHtml(user.data) : undefined;
  } catch {
    return undefined;
  }
}
