import fc from 'fast-check';
import { sizeOfPage, votedAmong, votersOf } from './business-pages';

describe("a kept page's voters", () => {
  it('finds exactly the voters each card had, in any order', () => {
    fc.assert(
      fc.property(
        fc.array(fc.uniqueArray(fc.integer({ min: 1, max: 2_147_483_647 }), { maxLength: 40 }), {
          maxLength: 8,
        }),
        fc.integer({ min: 1, max: 2_147_483_647 }),
        (cards, stranger) => {
          const voters = votersOf(
            cards.map((ids) => ({ voters: ids })),
            40,
          )!;
          cards.forEach((ids, i) => {
            for (const id of ids) expect(votedAmong(voters[i]!, id)).toBe(true);
            expect(votedAmong(voters[i]!, stranger)).toBe(ids.includes(stranger));
          });
        },
      ),
    );
  });

  it('keeps none when one card has more voters than are kept', () => {
    expect(votersOf([{ voters: [1, 2] }, { voters: [3, 4, 5] }], 2)).toBeNull();
    expect(votersOf([{ voters: [1, 2] }, { voters: [] }], 2)).toHaveLength(2);
  });

  it('weighs four bytes a vote', () => {
    const card = { id: 1, card: '{}', helpful_count: 0, reply: null };
    const page = (voters: number[]) => ({ cards: [card], voters: votersOf([{ voters }], 200) });
    expect(sizeOfPage(page([1, 2, 3, 4])) - sizeOfPage(page([]))).toBe(16);
  });
});
