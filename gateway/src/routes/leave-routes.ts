import {
  ACCOUNT_DELETED,
  CommunitiesExportSchema,
  DeleteAccountRequestSchema,
  PASSWORD_WRONG,
  PasswordChangedResponseSchema,
  ReviewsExportSchema,
  CatalogExportSchema,
  SocialExportSchema,
  UserSchema,
  type AccountExport,
} from '@trustcircle/contracts';
import {
  HttpError,
  jsonBodyParser,
  parseBody,
  unauthorized,
  type Logger,
  type SecurityEvents,
} from '@trustcircle/service-kit';
import { Router, type CookieOptions } from 'express';
import type { z } from 'zod';
import type { SignInGuard } from '../limits/sign-in';
import type { RateLimits } from '../rate-limits';
import type { SessionService } from '../sessions/session-service';
import type { TokenMinter } from '../tokens';
import type { Upstreams } from '../upstream';
import type { IdentityCalls } from './identity-calls';
import { passwordProof } from './password-proof';
import { sessionViews } from './sessions-list-routes';

export interface LeaveRoutesDeps {
  identity: IdentityCalls;
  sessions: SessionService;
  upstreams: Upstreams;
  tokens: TokenMinter;
  urls: {
    identity: string;
    communities: string;
    reviews: string;
    social: string;
    catalog: string;
  };
  cookie: { name: string; options: CookieOptions };
  limits: RateLimits;
  signIn: SignInGuard;
  bodyLimitBytes: number;
  logger: Logger;
  security: SecurityEvents;
}

const EXPORT_UNAVAILABLE =
  'Your data export is unavailable right now: part of TrustCircle is not answering. Please try again shortly.';

/**
 * Leaving and the data export (docs/api.md, "Leave and export"). identity deletes the account
 * and publishes `identity.user.deleted`, which every service acts on; the gateway ends the
 * account's sessions before it answers. The export is composed here, like the business page
 * (design §2): each owner answers its part, and one missing part fails the whole download
 * rather than hand out an export that silently lacks something.
 */
export function leaveRoutes(deps: LeaveRoutesDeps): Router {
  const router = Router();
  const json = jsonBodyParser(`${deps.bodyLimitBytes}b`);
  const withPassword = passwordProof(deps);

  router.delete('/user', json, async (req, res) => {
    const session = req.tcSession;
    if (!session) throw unauthorized();
    const body = parseBody(DeleteAccountRequestSchema, req);
    const answer = await withPassword(req, session.userId, {
      path: `/internal/users/${session.userId}/delete`,
      body,
      wrong: PASSWORD_WRONG,
      failed: 'account.delete_failed',
    });
    const { userId } = PasswordChangedResponseSchema.parse(answer.body);
    const ended = await deps.sessions.revokeAllForUser(userId);
    await deps.signIn.forgetAccount(userId);
    deps.security.record('account.deleted', {
      userId,
      ip: req.ip,
      details: { sessionsEnded: ended, reviewsKept: body.reviews === 'keep' },
    });
    const { maxAge: _maxAge, expires: _expires, ...clearOptions } = deps.cookie.options;
    res.clearCookie(deps.cookie.name, clearOptions);
    res.json({ message: ACCOUNT_DELETED });
  });

  async function part<S extends z.ZodType>(
    target: string,
    path: string,
    schema: S,
  ): Promise<z.output<S>> {
    try {
      const answer = await deps.upstreams.requestJson(target, {
        method: 'GET',
        path,
        headers: { authorization: `Bearer ${deps.tokens.internal()}` },
      });
      if (answer.status === 200) return schema.parse(answer.body);
      deps.logger.warn({ path, status: answer.status }, 'export part refused');
    } catch (error) {
      deps.logger.warn({ path, err: (error as Error).message }, 'export part unavailable');
    }
    throw new HttpError(503, EXPORT_UNAVAILABLE, undefined, { 'Retry-After': '5' });
  }

  router.get('/user/export', async (req, res) => {
    const session = req.tcSession;
    if (!session) throw unauthorized();
    const id = session.userId;
    const [profile, communities, reviews, social, catalog, sessions] = await Promise.all([
      part(deps.urls.identity, `/internal/users/${id}`, UserSchema),
      part(deps.urls.communities, `/internal/users/${id}/export`, CommunitiesExportSchema),
      part(deps.urls.reviews, `/internal/users/${id}/export`, ReviewsExportSchema),
      part(deps.urls.social, `/internal/users/${id}/export`, SocialExportSchema),
      part(deps.urls.catalog, `/internal/users/${id}/export`, CatalogExportSchema),
      deps.sessions.list(id),
    ]);
    const exportedAt = new Date().toISOString();
    const body: AccountExport = {
      exportedAt,
      profile,
      sessions: sessionViews(sessions, session.idHash).map((view, i) => ({
        ...view,
        userAgent: sessions[i]!.userAgent,
      })),
      ...communities,
      ...reviews,
      ...social,
      ...catalog,
    };
    const file = `trustcircle-${profile.username}-${exportedAt.slice(0, 10)}.json`;
    res.set('Content-Disposition', `attachment; filename="${file}"`);
    res.type('application/json').send(JSON.stringify(body, null, 2));
  });

  return router;
}
