import type { Page } from '@trustcircle/contracts';
import { z } from 'zod';
import { fieldError } from './errors';

/**
 * Opaque keyset cursors for `X-Next-Cursor` (design §5), one codec for every list: base64url of
 * the JSON `[kind, keys]`. Decoding accepts only what the same list encoded: anything else
 * (another list's cursor, a hand-made one, garbage) is a 400 naming `cursor`, never an empty page.
 */
export interface CursorCodec<T> {
  encode(keys: T): string;
  /** `null` when there is no cursor (the first page). */
  decode(cursor: string | undefined): T | null;
}

/** A row id or sequence as cursors carry it: a positive Postgres `integer`. */
export const cursorId = z.number().int().min(1).max(2_147_483_647);

const invalidCursor = () => fieldError('cursor', 'cursor is invalid');
const MAX_CURSOR_LENGTH = 200;

export function cursorCodec<T>(kind: string, keys: z.ZodType<T>): CursorCodec<T> {
  return {
    encode: (value) => Buffer.from(JSON.stringify([kind, value]), 'utf8').toString('base64url'),
    decode(cursor) {
      if (cursor === undefined || cursor === '') return null;
      if (cursor.length > MAX_CURSOR_LENGTH || !/^[A-Za-z0-9_-]+$/.test(cursor)) {
        throw invalidCursor();
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
      } catch {
        throw invalidCursor();
      }
      if (!Array.isArray(parsed) || parsed.length !== 2 || parsed[0] !== kind) {
        throw invalidCursor();
      }
      const result = keys.safeParse(parsed[1]);
      if (!result.success) throw invalidCursor();
      return result.data;
    },
  };
}

/**
 * Stores answer up to `limit + 1` rows; the extra one only says that a next page exists, whose
 * cursor holds the keys of the page's last row.
 */
export function cutPage<Row, K>(
  rows: Row[],
  limit: number,
  codec: CursorCodec<K>,
  keysOf: (last: Row) => K,
): Page<Row> & { nextCursor: string | null } {
  if (rows.length <= limit) return { items: rows, nextCursor: null };
  const items = rows.slice(0, limit);
  return { items, nextCursor: codec.encode(keysOf(items[items.length - 1]!)) };
}
