import { decodeCursor, encodeCursor } from './paging';

describe('cursors', () => {
  it('round-trips both kinds', () => {
    expect(decodeCursor(encodeCursor({ kind: 'after', id: 42 }), 'after')).toEqual({
      kind: 'after',
      id: 42,
    });
    expect(decodeCursor(encodeCursor({ kind: 'offset', offset: 100 }), 'offset')).toEqual({
      kind: 'offset',
      offset: 100,
    });
    expect(decodeCursor(undefined, 'after')).toBeNull();
  });

  it('rejects garbage and the wrong kind with a 400 naming the cursor', () => {
    for (const bad of ['%%%', 'abc', encodeCursor({ kind: 'offset', offset: 1 }), 'x'.repeat(80)]) {
      expect(() => decodeCursor(bad, 'after')).toThrow(
        expect.objectContaining({
          status: 400,
          issues: [{ path: 'cursor', message: 'cursor is invalid' }],
        }),
      );
    }
  });
});
