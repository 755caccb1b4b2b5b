import { highlights, photoMetaAcceptable, reviewCountText, stepPercent } from './logic';

const MB = 1024 * 1024;

describe('business-mfe logic', () => {
  it('shows the wizard progress as a whole percent', () => {
    expect([1, 2, 3].map((step) => stepPercent(step))).toEqual([33, 67, 100]);
  });

  it('accepts JPG, JPEG, PNG and WebP up to 5 MB by name and declared type', () => {
    const ok = (name: string, type: string, size = 1000) =>
      photoMetaAcceptable({ name, type, size }, 5 * MB);
    expect(ok('a.jpg', 'image/jpeg')).toBe(true);
    expect(ok('a.JPEG', 'image/jpg')).toBe(true);
    expect(ok('a.png', 'image/png')).toBe(true);
    expect(ok('a.webp', 'image/webp')).toBe(true);
    expect(ok('a.gif', 'image/gif')).toBe(false);
    expect(ok('a.jpg', 'text/plain')).toBe(false);
    expect(ok('jpg', 'image/jpeg')).toBe(false);
    expect(ok('a.png', 'image/png', 5 * MB)).toBe(true);
    expect(ok('a.png', 'image/png', 5 * MB + 1)).toBe(false);
    expect(ok('a.png', 'image/png', 0)).toBe(false);
  });

  it('ranks the pros and cons named most often, once per review, ignoring case and blanks', () => {
    const reviews = [
      { pros: 'Great crust\nFriendly staff\n\n', cons: 'Slow' },
      { pros: 'great crust\nGreat crust', cons: null },
      { pros: 'Cheap', cons: '' },
    ];
    expect(highlights(reviews, 'pros')).toEqual([
      { text: 'Great crust', count: 2 },
      { text: 'Cheap', count: 1 },
      { text: 'Friendly staff', count: 1 },
    ]);
    expect(highlights(reviews, 'cons')).toEqual([{ text: 'Slow', count: 1 }]);
    expect(highlights(reviews, 'pros', 1)).toHaveLength(1);
  });

  it('says review or reviews', () => {
    expect(reviewCountText(0)).toBe('0 reviews');
    expect(reviewCountText(1)).toBe('1 review');
    expect(reviewCountText(2)).toBe('2 reviews');
  });
});
