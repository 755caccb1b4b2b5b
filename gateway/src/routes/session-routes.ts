import {
  CredentialsCheckFailureSchema,
  LoginRequestSchema,
  type LoginRequest,
  type User,
} from '@trustcircle/contracts';
import {
  HttpError,
  jsonBodyParser,
  parseBody,
  unauthorized,
  type Logger,
  type SecurityEvents,
} from '@trustcircle/service-kit';
import { Router, type CookieOptions, type Request, type Response } from 'express';
import type { SessionService } from '../sessions/session-service';
import type { TokenMinter } from '../tokens';
import type { Upstreams } from '../upstream';
import type { CredentialsVerdict, SignInGuard } from '../limits/sign-in';
import type { RateLimits } from '../rate-limits';
import { identityCalls, type IdentityCalls } from './identity-calls';

export interface SessionRoutesDeps {
  sessions: SessionService;
  tokens: TokenMinter;
  upstreams: Upstreams;
  identityUrl: string;
  cookie: { name: string; options: CookieOptions };
  limits: RateLimits;
  signIn: SignInGuard;
  bodyLimitBytes: number;
  logger: Logger;
  security: SecurityEvents;
}

/** Starts a session for `user` in a new cookie and answers the user with `status`. */
export function sessionStarter(deps: {
  sessions: SessionService;
  cookie: { name: string; options: CookieOptions };
}) {
  return async (req: Request, res: Response, user: User, status: number) => {
    // A sign-in replaces whatever session the browser had: never reuse an id.
    if (req.tcSession) await deps.sessions.revoke(req.tcSession.idHash);
    const id = await deps.sessions.create(user, req.get('user-agent') ?? null);
    res.cookie(deps.cookie.name, id, deps.cookie.options);
    res.status(status).json(user);
  };
}

/**
 * The four session calls of spec §7. The gateway checks credentials with identity, then owns
 * the session and the cookie.
 */
export function sessionRoutes(deps: SessionRoutesDeps): Router {
  const router = Router();
  const json = jsonBodyParser(`${deps.bodyLimitBytes}b`);
  const identity: IdentityCalls = identityCalls(deps);
  const callIdentity = identity.call;

  const startSession = sessionStarter(deps);

  router.post('/register', deps.limits.registerPerIp, json, async (req, res) => {
    const answer = await callIdentity('/internal/users', req.body ?? {});
    if (answer.status !== 201) identity.relayFailure(answer.status, answer.body);
    const user = answer.body as User;
    await deps.signIn.trustBrowser(res, user.id);
    await startSession(req, res, user, 201);
  });

  async function checkCredentials(credentials: LoginRequest): Promise<CredentialsVerdict> {
    const answer = await callIdentity('/internal/credentials/check', credentials);
    if (answer.status === 200) return { user: (answer.body as { user: User }).user };
    const failure = CredentialsCheckFailureSchema.safeParse(answer.body);
    if (answer.status === 401 && failure.success) {
      return { user: null, accountId: failure.data.accountId };
    }
    identity.relayFailure(answer.status, answer.body);
  }

  router.post('/login', json, async (req, res) => {
    // Validate here too, so malformed attempts never reach identity.
    const credentials = parseBody(LoginRequestSchema, req);
    let accountId: number | null = null;
    try {
      const user = await deps.signIn.attempt(req, res, credentials, async (attempt) => {
        const verdict = await checkCredentials(attempt);
        accountId = verdict.user ? verdict.user.id : verdict.accountId;
        return verdict;
      });
      deps.security.record('signin.succeeded', { userId: user.id, ip: req.ip });
      await startSession(req, res, user, 200);
    } catch (error) {
      // A budget refuses before identity is asked (no account known yet) or after it answered.
      const status = error instanceof HttpError ? error.status : 0;
      if (status === 401 || status === 429) {
        deps.security.record(status === 401 ? 'signin.failed' : 'signin.limited', {
          userId: accountId,
          ip: req.ip,
        });
      }
      throw error;
    }
  });

  router.post('/logout', async (req, res) => {
    if (req.tcSession) await deps.sessions.revoke(req.tcSession.idHash);
    const { maxAge: _maxAge, expires: _expires, ...clearOptions } = deps.cookie.options;
    res.clearCookie(deps.cookie.name, clearOptions);
    res.json({ message: 'You have been successfully logged out.' });
  });

  // GET /api/user is answered by identity through the proxy; without a session it is a 401.
  router.get('/user', (req, _res, next) => {
    next(req.tcSession ? undefined : unauthorized('Not signed in'));
  });

  return router;
}
