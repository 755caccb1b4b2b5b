import fc from 'fast-check';
import { staggeredTtl } from './staggered-ttl';

describe('staggeredTtl', () => {
  it('lives between three quarters of the safety net and all of it, never longer', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 3_600_000 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (ttlMs, draw) => {
          const ttl = staggeredTtl(ttlMs, () => draw);
          expect(ttl).toBeGreaterThanOrEqual(Math.max(1, (ttlMs * 3) / 4));
          expect(ttl).toBeLessThanOrEqual(ttlMs);
          expect(Number.isInteger(ttl)).toBe(true);
        },
      ),
    );
  });

  it('spreads values kept together over the whole last quarter', () => {
    const ttls = Array.from({ length: 1000 }, () => staggeredTtl(10_000));
    const byTenth = new Set(ttls.map((ttl) => Math.min(9, Math.floor((ttl - 7500) / 250))));
    // Ten slices of [7.5 s, 10 s]: a thousand draws leave none empty.
    expect([...byTenth].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });
});
