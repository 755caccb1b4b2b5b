import {
  otherSessionsEnded,
  SESSION_ENDED,
  SESSION_NOT_FOUND,
  type OtherSessionsEnded,
  type Session,
} from '@trustcircle/contracts';
import { notFound, unauthorized, type SecurityEvents } from '@trustcircle/service-kit';
import { Router, type CookieOptions, type Request } from 'express';
import type { SessionService } from '../sessions/session-service';
import { describeUserAgent } from '../sessions/user-agent';
import type { SessionListing } from '../store/sessions-store';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The list's view of the account's sessions; `currentIdHash` marks this request's. */
export function sessionViews(rows: SessionListing[], currentIdHash: string | null): Session[] {
  return rows.map((row) => ({
    id: row.publicId,
    ...describeUserAgent(row.userAgent),
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    current: row.idHash === currentIdHash,
  }));
}

function signedIn(req: Request) {
  if (!req.tcSession) throw unauthorized();
  return req.tcSession;
}

/**
 * The signed-in user's sessions (docs/api.md, "Sessions"): list, end one, end all others.
 * A revocation deletes the row and notifies every replica in the same transaction, so no
 * replica keeps honouring it from its cache.
 */
export function sessionsListRoutes(deps: {
  sessions: SessionService;
  cookie: { name: string; options: CookieOptions };
  security: SecurityEvents;
}): Router {
  const router = Router();
  const { sessions, security } = deps;

  router.get('/user/sessions', async (req, res) => {
    const session = signedIn(req);
    res.json(sessionViews(await sessions.list(session.userId), session.idHash));
  });

  router.post('/user/sessions/end-others', async (req, res) => {
    const session = signedIn(req);
    const ended = await sessions.revokeAllForUser(session.userId, session.idHash);
    security.record('sessions.revoked_others', {
      userId: session.userId,
      ip: req.ip,
      details: { sessionsEnded: ended },
    });
    const answer: OtherSessionsEnded = { message: otherSessionsEnded(ended), ended };
    res.json(answer);
  });

  router.delete('/user/sessions/:id', async (req, res) => {
    const session = signedIn(req);
    const publicId = req.params.id ?? '';
    // Not a session id at all, or not one of this account's: the same 404.
    const idHash = UUID.test(publicId)
      ? await sessions.revokeOwned(session.userId, publicId)
      : null;
    if (!idHash) throw notFound(SESSION_NOT_FOUND);
    const current = idHash === session.idHash;
    security.record('session.revoked', {
      userId: session.userId,
      ip: req.ip,
      details: { current },
    });
    if (current) {
      const { maxAge: _maxAge, expires: _expires, ...clearOptions } = deps.cookie.options;
      res.clearCookie(deps.cookie.name, clearOptions);
    }
    res.json({ message: SESSION_ENDED });
  });

  return router;
}
