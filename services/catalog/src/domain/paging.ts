import { fieldError } from '@trustcircle/service-kit';

/**
 * Opaque cursors for `X-Next-Cursor`: `i<id>` (keyset on id, for plain lists) and `o<offset>`
 * (ranked search results, where the rank is not a stable key).
 */
export type Cursor = { kind: 'after'; id: number } | { kind: 'offset'; offset: number };

export function encodeCursor(cursor: Cursor): string {
  const raw = cursor.kind === 'after' ? `i${cursor.id}` : `o${cursor.offset}`;
  return Buffer.from(raw, 'utf8').toString('base64url');
}

const invalid = () => fieldError('cursor', 'cursor is invalid');

export function decodeCursor(value: string | undefined, expected: Cursor['kind']): Cursor | null {
  if (value === undefined || value === '') return null;
  if (!/^[A-Za-z0-9_-]{1,40}$/.test(value)) throw invalid();
  const raw = Buffer.from(value, 'base64url').toString('utf8');
  const match = /^([io])(\d{1,10})$/.exec(raw);
  if (!match) throw invalid();
  const number = Number(match[2]);
  if (!Number.isSafeInteger(number) || number > 2_147_483_647) throw invalid();
  if (match[1] === 'i' && expected === 'after') return { kind: 'after', id: number };
  if (match[1] === 'o' && expected === 'offset') return { kind: 'offset', offset: number };
  throw invalid();
}
