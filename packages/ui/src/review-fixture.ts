import type { ModeratedReview } from '@trustcircle/contracts';

/** A review as the API answers it, for the component tests of the cards and lists. */
export const sampleReview: ModeratedReview = {
  id: 7,
  userId: 3,
  businessId: 12,
  rating: 4,
  content: 'Wood-fired crust, friendly staff.',
  pros: 'Crust',
  cons: 'Noise',
  photos: [],
  createdAt: new Date().toISOString(),
  updatedAt: new Date().toISOString(),
  editedAt: null,
  businessName: 'Luigi Trattoria',
  helpfulCount: 2,
  groups: [{ id: 1, name: 'Pizza Critics' }],
  user: { id: 3, name: 'Dana Scully', username: 'dana', avatar: null, isVerified: true },
  hasVoted: false,
};

/**
 * `fetch` for the component tests of paged review lists: `/api/user` answers 401 (nobody is
 * signed in), any other URL the reviews `answer` gives, with `X-Next-Cursor: next` when it says
 * there is more. Returns the URLs asked, in order.
 */
export function stubReviewFetch(
  answer: (url: string) => { items: unknown[]; more?: boolean },
): string[] {
  const asked: string[] = [];
  globalThis.fetch = (async (input: Parameters<typeof fetch>[0]) => {
    const url = String(input);
    asked.push(url);
    const anonymous = url.startsWith('/api/user');
    const { items, more } = anonymous ? { items: [], more: false } : answer(url);
    return {
      ok: !anonymous,
      status: anonymous ? 401 : 200,
      statusText: '',
      text: async () => JSON.stringify(items),
      headers: new Headers(more ? { 'X-Next-Cursor': 'next' } : {}),
    } as Response;
  }) as typeof fetch;
  return asked;
}
