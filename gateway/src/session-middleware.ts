import type { RequestHandler } from 'express';
import { cookieOf } from './cookies';
import type { ResolvedSession, SessionService } from './sessions/session-service';

declare module 'express-serve-static-core' {
  interface Request {
    tcSession?: ResolvedSession;
  }
}

/** Drops any client Authorization header and resolves the cookie to a session. */
export function resolveSession(sessions: SessionService, cookieName: string): RequestHandler {
  return async (req, _res, next) => {
    delete req.headers.authorization;
    const id = cookieOf(req.headers.cookie, cookieName);
    req.tcSession = (await sessions.resolve(id)) ?? undefined;
    next();
  };
}
