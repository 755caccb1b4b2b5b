import { withTimeout } from '@trustcircle/http-server';
import { displayName, HOME_HERO, LANDING_HERO, UserSchema } from '@trustcircle/contracts';
import { escapeHtml } from '@trustcircle/service-kit';
import type { Request } from 'express';
import { cookieOf } from './cookies';
import { inMain } from './page-heads';
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
  return inMain(
    '<section class="tc-hero tc-hero-compact text-white"><div class="container-xl py-4 py-md-5">' +
      `<h1 class="h2 fw-bold mb-1">${escapeHtml(HOME_HERO.greeting(displayName(user)))}</h1>` +
      `<p class="tc-on-dark-muted mb-3">${escapeHtml(HOME_HERO.lead)}</p></div></section>`,
  );
}

/**
 * The text column of the landing's hero as the shell's pages/Landing.tsx draws it (eyebrow,
 * title, lead; the sample card beside it from 992 px does not move them).
 */
export function landingHeadHtml(): string {
  return inMain(
    '<section class="tc-hero text-white">' +
      '<div class="container-xl py-5"><div class="row align-items-center g-4 py-md-4">' +
      `<div class="col-12 col-lg-7"><p class="tc-hero-eyebrow mb-3">${escapeHtml(LANDING_HERO.eyebrow)}</p>` +
      `<h1 class="display-5 fw-bold mb-3">${escapeHtml(LANDING_HERO.title)}</h1>` +
      `<p class="lead tc-on-dark-muted mb-4">${escapeHtml(LANDING_HERO.lead)}</p>` +
      '</div></div></div></section>',
  );
}

/**
 * The head of `/`: for the person signed in with this request's session, the home's, with
 * their name as identity answers `/api/user` to them; for a visitor (no session cookie, or
 * one that resolves to no session) the landing's (at `/` only). Undefined when identity does not answer
 * within `waitMs`: a member is never shown the landing's.
 */
export async function homeHeadFor(
  deps: HomeHeadDeps,
  req: Request,
  waitMs: number,
): Promise<string | undefined> {
  const id = cookieOf(req.headers.cookie, deps.cookieName);
  // A visitor at `/dashboard` is sent to sign in: nothing to paint there.
  const visitor = () => (req.path === '/' ? landingHeadHtml() : undefined);
  if (!id) return visitor();
  try {
    const session = await deps.sessions.resolve(id);
    if (!session) return visitor();
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
