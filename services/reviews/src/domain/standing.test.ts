import fc from 'fast-check';
import {
  accountAgeDays,
  accuracyFactor,
  baseReportWeight,
  moderationOf,
  shouldHold,
  standingOf,
  writtenByNewAccount,
} from './standing';

const record = (
  verified: boolean,
  accountAgeDays: number,
  upheld = 0,
  rejected = 0,
  emailConfirmed = false,
) => ({
  verified,
  emailConfirmed,
  accountAgeDays,
  upheldReports: upheld,
  rejectedReports: rejected,
});

describe('report weights', () => {
  it('follows the documented table', () => {
    expect(baseReportWeight(record(true, 0))).toBe(1);
    expect(baseReportWeight(record(false, 7))).toBe(0.5);
    expect(baseReportWeight(record(false, 6))).toBe(0.1);
    expect(baseReportWeight(record(false, 6, 0, 0, true))).toBe(0.2);
    expect(baseReportWeight(record(false, 7, 0, 0, true))).toBe(0.5);
    expect(baseReportWeight(record(true, 0, 0, 0, true))).toBe(1);
    expect(standingOf(record(false, 30, 0, 1)).weight).toBe(0.25);
    expect(standingOf(record(true, 1, 1, 1)).weight).toBeCloseTo(2 / 3);
  });

  it('three fresh accounts only queue; one verified or two established reporters hold', () => {
    const fresh = standingOf(record(false, 0)).weight;
    expect(shouldHold(fresh * 3)).toBe(false);
    expect(
      shouldHold(fresh + fresh + fresh + fresh + fresh + fresh + fresh + fresh + fresh + fresh),
    ).toBe(true);
    expect(shouldHold(standingOf(record(true, 0)).weight)).toBe(true);
    expect(shouldHold(standingOf(record(false, 8)).weight * 2)).toBe(true);
    expect(shouldHold(standingOf(record(false, 8)).weight)).toBe(false);
  });

  it('never exceeds the base weight, never reaches 0, and rejected reports only lower it', () => {
    const counts = fc.integer({ min: 0, max: 1000 });
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.integer({ min: 0, max: 3650 }),
        counts,
        counts,
        (v, age, up, rej) => {
          const base = baseReportWeight(record(v, age));
          const weight = standingOf(record(v, age, up, rej)).weight;
          expect(weight).toBeGreaterThan(0);
          expect(weight).toBeLessThanOrEqual(base);
          expect(standingOf(record(v, age, up, rej + 1)).weight).toBeLessThan(weight);
          expect(standingOf(record(v, age, up + 1, rej)).weight).toBeGreaterThanOrEqual(weight);
        },
      ),
    );
    expect(accuracyFactor(0, 0)).toBe(1);
  });
});

describe('account age', () => {
  const now = new Date('2026-05-10T12:00:00Z');
  it('counts whole days and treats an unknown creation as new', () => {
    expect(accountAgeDays(new Date('2026-05-03T12:00:00Z'), now)).toBe(7);
    expect(accountAgeDays(new Date('2026-05-03T12:00:01Z'), now)).toBe(6);
    expect(accountAgeDays(null, now)).toBe(0);
  });

  it('marks reviews written in the first seven days of an account', () => {
    expect(writtenByNewAccount(new Date('2026-05-04T12:00:00Z'), now)).toBe(true);
    expect(writtenByNewAccount(new Date('2026-05-03T12:00:00Z'), now)).toBe(false);
    expect(writtenByNewAccount(null, now)).toBe(false);
  });
});

describe('moderationOf', () => {
  it('allows one appeal of a held or removed review', () => {
    const decidedAt = new Date('2026-05-10T12:00:00Z');
    expect(moderationOf({ status: 'held', reason: null, decidedAt, appealed: false })).toEqual({
      status: 'held',
      reason: null,
      decidedAt: '2026-05-10T12:00:00.000Z',
      appealed: false,
      canAppeal: true,
    });
    expect(
      moderationOf({ status: 'removed', reason: 'Spam', decidedAt, appealed: true }).canAppeal,
    ).toBe(false);
    expect(
      moderationOf({ status: 'published', reason: null, decidedAt: null, appealed: false })
        .canAppeal,
    ).toBe(false);
  });
});
