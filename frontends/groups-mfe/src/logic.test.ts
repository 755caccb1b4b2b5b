import {
  computeHighlights,
  countLabel,
  establishedLabel,
  groupColour,
  parseGroupId,
} from './logic';

describe('groups-mfe logic', () => {
  it('counts in the singular and the plural', () => {
    expect(countLabel(1, 'member')).toBe('1 member');
    expect(countLabel(0, 'review')).toBe('0 reviews');
    expect(countLabel(1200, 'review')).toBe('1,200 reviews');
  });

  it('formats the Est. date and tolerates a bad one', () => {
    expect(establishedLabel('2026-05-01T10:00:00.000Z')).toBe('Est. May 1, 2026');
    expect(establishedLabel('nope')).toBe('');
  });

  it('falls back to the default colour', () => {
    expect(groupColour(undefined)).toBe('#009688');
    expect(groupColour('red')).toBe('#009688');
    expect(groupColour('#1E88E5')).toBe('#1E88E5');
  });

  it('parses group ids', () => {
    expect(parseGroupId('42')).toBe(42);
    expect(parseGroupId('0')).toBeNull();
    expect(parseGroupId('abc')).toBeNull();
    expect(parseGroupId('99999999999')).toBeNull();
  });

  it('computes the highlights from the reviews', () => {
    const now = new Date('2026-06-10T12:00:00Z');
    const highlights = computeHighlights(
      [
        { businessId: 1, businessName: 'Luigi', rating: 5, createdAt: '2026-06-09T12:00:00Z' },
        { businessId: 2, businessName: 'Bolt', rating: 3, createdAt: '2026-06-05T12:00:00Z' },
        { businessId: 1, businessName: 'Luigi', rating: 4, createdAt: '2026-05-01T12:00:00Z' },
        { businessId: 3, businessName: 'Acme', rating: 4, createdAt: '2026-06-02T12:00:00Z' },
      ],
      now,
    );
    expect(highlights.reviewsThisWeek).toBe(2);
    expect(highlights.topBusinesses.map((b) => [b.name, b.reviews])).toEqual([
      ['Luigi', 2],
      ['Acme', 1],
      ['Bolt', 1],
    ]);
    expect(highlights.averageRating).toBe(4);
    expect(highlights.lastReviewAt).toBe('2026-06-09T12:00:00Z');
    expect(computeHighlights([], now)).toEqual({
      reviewsThisWeek: 0,
      topBusinesses: [],
      averageRating: null,
      lastReviewAt: null,
    });
  });
});
