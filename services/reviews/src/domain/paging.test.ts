import fc from 'fast-check';
import { HttpError } from '@trustcircle/service-kit';
import { moderationLogCursor, moderationQueueCursor, reviewCursor } from './paging';

describe('review list cursors', () => {
  it("are not another list's", () => {
    const cursor = reviewCursor.encode({ id: 8 });
    expect(reviewCursor.decode(cursor)).toEqual({ id: 8 });
    expect(() => moderationLogCursor.decode(cursor)).toThrow(HttpError);
  });
});

describe('moderation queue cursors', () => {
  it('round-trip any weight and position', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1000, noNaN: true }),
        fc.bigInt({ min: 1n, max: 10n ** 17n }),
        (weight, seq) => {
          const cursor = { weight, seq: String(seq) };
          expect(moderationQueueCursor.decode(moderationQueueCursor.encode(cursor))).toEqual(
            cursor,
          );
        },
      ),
    );
  });

  it('refuses a position that is not a sequence number', () => {
    const bad = Buffer.from(JSON.stringify(['moderation-queue', { weight: 1, seq: 'abc' }]));
    expect(() => moderationQueueCursor.decode(bad.toString('base64url'))).toThrow(
      'cursor is invalid',
    );
  });
});
