import type { Request } from 'express';
import type { TokenMinter } from '../tokens';

/** What a composed call sends a service: the session's JWT (if any) and the request id. */
export function upstreamHeaders(tokens: TokenMinter, req: Request): Record<string, string> {
  const out: Record<string, string> = {};
  if (req.tcSession)
    out.authorization = `Bearer ${tokens.forUser(req.tcSession.userId, req.tcSession.roles)}`;
  const requestId = (req as { id?: unknown }).id;
  if (typeof requestId === 'string') out['x-request-id'] = requestId;
  return out;
}
