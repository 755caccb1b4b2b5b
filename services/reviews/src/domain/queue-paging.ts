import { badRequest } from '@trustcircle/service-kit';

/**
 * Keyset cursor of the moderation queue, ordered by report weight (descending) then order of
 * queueing: base64url of `q<weight>:<seq>`. Opaque to clients.
 */
export interface QueueCursor {
  weight: number;
  seq: string;
}

export function encodeQueueCursor(cursor: QueueCursor): string {
  return Buffer.from(`q${cursor.weight}:${cursor.seq}`).toString('base64url');
}

export function decodeQueueCursor(cursor: string | undefined): QueueCursor | null {
  if (cursor === undefined || cursor === '') return null;
  const text = /^[A-Za-z0-9_-]{1,80}$/.test(cursor)
    ? Buffer.from(cursor, 'base64url').toString('utf8')
    : '';
  const match = /^q(\d{1,6}(?:\.\d{1,30})?(?:e-\d{1,3})?):(\d{1,18})$/.exec(text);
  const weight = match ? Number(match[1]) : NaN;
  if (!match || !Number.isFinite(weight)) {
    throw badRequest('cursor is invalid', [{ path: 'cursor', message: 'cursor is invalid' }]);
  }
  return { weight, seq: match[2]! };
}
