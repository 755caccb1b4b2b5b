import fc from 'fast-check';
import { z } from 'zod';
import { cursorCodec, cursorId, cutPage } from './cursor';
import { HttpError } from './errors';

const byId = cursorCodec('id', z.object({ id: cursorId }));
const byOffset = cursorCodec('offset', z.object({ offset: z.number().int().min(0) }));

function refused(cursor: string): boolean {
  try {
    byId.decode(cursor);
    return false;
  } catch (error) {
    return (
      error instanceof HttpError && error.status === 400 && error.issues?.[0]?.path === 'cursor'
    );
  }
}

describe('cursorCodec', () => {
  it('gives back the keys it encoded', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2_147_483_647 }), (id) => {
        expect(byId.decode(byId.encode({ id }))).toEqual({ id });
      }),
    );
  });

  it('reads no cursor as the first page', () => {
    expect(byId.decode(undefined)).toBeNull();
    expect(byId.decode('')).toBeNull();
  });

  it("refuses another list's cursor, hand-made ones and garbage with a 400 naming cursor", () => {
    const handMade = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    for (const bad of [
      byOffset.encode({ offset: 5 }),
      handMade(['id', { id: 0 }]),
      handMade(['id', { id: 2_147_483_648 }]),
      handMade(['id', { id: 1.5 }]),
      handMade(['id', { id: '7' }]),
      handMade(['id']),
      handMade({ id: 7 }),
      '%%%',
      'abc',
      'x'.repeat(201),
    ]) {
      expect(refused(bad)).toBe(true);
    }
    fc.assert(
      fc.property(fc.string(), (text) => {
        const decoded = (() => {
          try {
            return byId.decode(text);
          } catch {
            return 'refused';
          }
        })();
        expect(decoded === 'refused' || decoded === null || typeof decoded.id === 'number').toBe(
          true,
        );
      }),
    );
  });
});

describe('cutPage', () => {
  it('keeps `limit` rows and points the next page after the last of them', () => {
    const page = cutPage([{ id: 9 }, { id: 8 }, { id: 7 }], 2, byId, (row) => ({ id: row.id }));
    expect(page.items).toEqual([{ id: 9 }, { id: 8 }]);
    expect(byId.decode(page.nextCursor!)).toEqual({ id: 8 });
    expect(cutPage([{ id: 9 }], 2, byId, (row) => row)).toEqual({
      items: [{ id: 9 }],
      nextCursor: null,
    });
  });
});
