import fc from 'fast-check';
import {
  activityRanges,
  BASELINE_DAYS,
  BURST_FACTOR,
  BURST_MIN_REVIEWS,
  flagExpired,
  isBurst,
} from './burst';

describe('isBurst', () => {
  it('follows the documented rule', () => {
    expect(isBurst({ lastWindow: 10, baseline: 0 })).toBe(true);
    expect(isBurst({ lastWindow: 9, baseline: 0 })).toBe(false);
    // 60 reviews in 30 days: 2 a day; 10 is exactly 5× and not more.
    expect(isBurst({ lastWindow: 10, baseline: 60 })).toBe(false);
    expect(isBurst({ lastWindow: 11, baseline: 60 })).toBe(true);
    // UNUSUAL_ACTIVITY_MIN_REVIEWS raises the minimum.
    expect(isBurst({ lastWindow: 10, baseline: 0 }, 11)).toBe(false);
  });

  it('never flags fewer than the minimum, and more reviews in the window never unflag', () => {
    const count = fc.integer({ min: 0, max: 100_000 });
    fc.assert(
      fc.property(count, count, (lastWindow, baseline) => {
        if (lastWindow < BURST_MIN_REVIEWS) expect(isBurst({ lastWindow, baseline })).toBe(false);
        if (isBurst({ lastWindow, baseline })) {
          expect(isBurst({ lastWindow: lastWindow + 1, baseline })).toBe(true);
          expect(lastWindow * BASELINE_DAYS).toBeGreaterThan(BURST_FACTOR * baseline);
        }
        // A busier past makes a burst harder, never easier.
        if (!isBurst({ lastWindow, baseline })) {
          expect(isBurst({ lastWindow, baseline: baseline + 1 })).toBe(false);
        }
      }),
    );
  });
});

describe('ranges and expiry', () => {
  it('measures the window and the baseline before it', () => {
    const at = new Date('2026-05-31T12:00:00Z');
    expect(activityRanges(at)).toEqual({
      windowStart: new Date('2026-05-30T12:00:00Z'),
      baselineStart: new Date('2026-04-30T12:00:00Z'),
    });
  });

  it('expires a flag after its hours', () => {
    const flagged = new Date('2026-05-01T00:00:00Z');
    expect(flagExpired(flagged, new Date('2026-05-03T23:59:59Z'))).toBe(false);
    expect(flagExpired(flagged, new Date('2026-05-04T00:00:00Z'))).toBe(true);
    expect(flagExpired(flagged, new Date('2026-05-01T01:00:00Z'), 1)).toBe(true);
  });
});
