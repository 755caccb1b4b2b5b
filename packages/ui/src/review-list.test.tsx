/**
 * @jest-environment jsdom
 */
import { expect, it, jest } from '@jest/globals';
import type { ModeratedReview } from '@trustcircle/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { useHelpfulVote } from './review-list';

/** A helpful vote reaches the review wherever it is cached: a paged list's pages too. */
it("patches the voted review's count in a paged (infinite) list", async () => {
  globalThis.fetch = jest.fn(async () => ({
    ok: true,
    status: 200,
    statusText: 'OK',
    text: async () => JSON.stringify({ voted: true, helpfulCount: 5 }),
    headers: new Headers(),
  })) as unknown as typeof fetch;
  const review = (id: number) =>
    ({ id, rating: 4, userId: 2, helpfulCount: 4, hasVoted: false }) as ModeratedReview;
  const client = new QueryClient();
  const key = ['/api/groups/1/reviews', 'window', 20];
  client.setQueryData(key, {
    pages: [{ items: [review(1), review(2)] }, { items: [review(3)] }],
    pageParams: [0, 1],
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(() => useHelpfulVote(), { wrapper });
  result.current.mutate(review(3));
  await waitFor(() => expect(result.current.isSuccess).toBe(true));
  const data = client.getQueryData<{ pages: { items: ModeratedReview[] }[] }>(key)!;
  expect(data.pages[1]!.items[0]).toMatchObject({ id: 3, helpfulCount: 5, hasVoted: true });
  expect(data.pages[0]!.items.map((r) => r.helpfulCount)).toEqual([4, 4]);
  client.clear();
});
