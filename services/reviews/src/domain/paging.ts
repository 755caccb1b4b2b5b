import { badRequest } from '@trustcircle/service-kit';

/**
 * Keyset paging (design §5) over review ids, newest first. The cursor is opaque to clients:
 * base64url of `r<last id>`.
 */
export function encodeCursor(lastId: number): string {
  return Buffer.from(`r${lastId}`).toString('base64url');
}

export function decodeCursor(cursor: string | undefined): number | null {
  if (cursor === undefined || cursor === '') return null;
  const text = /^[A-Za-z0-9_-]{1,20}$/.test(cursor)
    ? Buffer.from(cursor, 'base64url').toString('utf8')
    : '';
  const match = /^r(\d{1,10})$/.exec(text);
  const id = match ? Number(match[1]) : NaN;
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) {
    throw badRequest('cursor is invalid', [{ path: 'cursor', message: 'cursor is invalid' }]);
  }
  return id;
}

/** The store answers up to `limit + 1` ids: the extra one only says a next page exists. */
export function pageOf(ids: number[], limit: number): { ids: number[]; nextCursor: string | null } {
  if (ids.length <= limit) return { ids, nextCursor: null };
  const page = ids.slice(0, limit);
  return { ids: page, nextCursor: encodeCursor(page[page.length - 1]!) };
}
