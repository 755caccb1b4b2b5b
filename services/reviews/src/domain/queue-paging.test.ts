import fc from 'fast-check';
import { decodeQueueCursor, encodeQueueCursor } from './queue-paging';

describe('queue cursors', () => {
  it('round-trip any weight and position', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1000, noNaN: true }),
        fc.bigInt({ min: 1n, max: 10n ** 17n }),
        (weight, seq) => {
          const cursor = { weight, seq: String(seq) };
          expect(decodeQueueCursor(encodeQueueCursor(cursor))).toEqual(cursor);
        },
      ),
    );
  });

  it('refuses anything else with a 400', () => {
    for (const bad of ['x', Buffer.from('q1:abc').toString('base64url'), '!!!']) {
      expect(() => decodeQueueCursor(bad)).toThrow('cursor is invalid');
    }
    expect(decodeQueueCursor(undefined)).toBeNull();
  });
});
