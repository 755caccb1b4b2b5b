import { HttpError } from '@trustcircle/service-kit';
import { decodeCursor, encodeCursor, pageOf } from './paging';

describe('review cursors', () => {
  it('round-trips an id', () => {
    for (const id of [1, 42, 2_147_483_647]) expect(decodeCursor(encodeCursor(id))).toBe(id);
  });

  it('treats no cursor as the first page', () => {
    expect(decodeCursor(undefined)).toBeNull();
    expect(decodeCursor('')).toBeNull();
  });

  it.each(['abc', '!!', 'cjA', Buffer.from('r-1').toString('base64url'), 'x'.repeat(30)])(
    'refuses the malformed cursor %p with a 400',
    (cursor) => {
      expect(() => decodeCursor(cursor)).toThrow(HttpError);
      try {
        decodeCursor(cursor);
      } catch (error) {
        expect((error as HttpError).status).toBe(400);
      }
    },
  );

  it('cuts a page and points the cursor at its last id', () => {
    expect(pageOf([9, 8, 7], 2)).toEqual({ ids: [9, 8], nextCursor: encodeCursor(8) });
    expect(pageOf([9, 8], 2)).toEqual({ ids: [9, 8], nextCursor: null });
    expect(pageOf([], 2)).toEqual({ ids: [], nextCursor: null });
  });
});
