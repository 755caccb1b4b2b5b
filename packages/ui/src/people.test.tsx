/**
 * @jest-environment jsdom
 */
import { beforeEach, describe, expect, it } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { User } from '@trustcircle/contracts';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { SESSION_QUERY_KEY } from './api';
import { followKey, FollowButton } from './people';
import { jsonResponse } from './test-fetch';

/** The follow button's states (issue 18): visitor, own profile, follow, unfollow, pending. */
const me = { id: 1, username: 'ann', name: 'Ann Perkins' } as User;
const calls: string[] = [];
let release: () => void = () => undefined;
let answerFollowing = true;

beforeEach(() => {
  calls.length = 0;
  globalThis.fetch = (async (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
    calls.push(`${init?.method ?? 'GET'} ${String(input)}`);
    // The answer waits until the test releases it, so the pending state can be seen.
    await new Promise<void>((resolve) => (release = resolve));
    const body = {
      userId: 2,
      username: 'dana',
      followerCount: answerFollowing ? 1 : 0,
      followingCount: 0,
      isFollowing: answerFollowing,
    };
    return jsonResponse(body);
  }) as typeof fetch;
});

function AuthPage() {
  const location = useLocation();
  return <p>Sign-in page, back to {(location.state as { from: string }).from}</p>;
}

function renderButton(user: User | null, username: string, isFollowing: boolean) {
  // As the shell's: data never stale, so the session is not asked for again.
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity } },
  });
  client.setQueryData(SESSION_QUERY_KEY, user);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/users/${username}`]}>
        <Routes>
          <Route
            path="/users/:username"
            element={<FollowButton username={username} isFollowing={isFollowing} />}
          />
          <Route path="/auth" element={<AuthPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return client;
}

describe('FollowButton', () => {
  it('sends a visitor to sign in, and back to the profile after', async () => {
    renderButton(null, 'dana', false);
    fireEvent.click(screen.getByRole('link', { name: 'Follow' }));
    expect(await screen.findByText('Sign-in page, back to /users/dana')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('offers nothing on one’s own profile (any letter case)', () => {
    renderButton(me, 'ANN', false);
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('follows: disabled while the call runs, then Unfollow with the server’s counts cached', async () => {
    answerFollowing = true;
    const client = renderButton(me, 'dana', false);
    fireEvent.click(screen.getByRole('button', { name: 'Follow' }));
    await waitFor(() => expect(calls).toEqual(['POST /api/users/dana/follow']));
    expect((screen.getByRole('button', { name: 'Follow' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    release();
    const unfollow = await screen.findByRole('button', { name: 'Unfollow' });
    expect((unfollow as HTMLButtonElement).disabled).toBe(false);
    expect(client.getQueryData(followKey('Dana'))).toMatchObject({ followerCount: 1 });
  });

  it('unfollows with DELETE and offers Follow again', async () => {
    answerFollowing = false;
    renderButton(me, 'dana', true);
    fireEvent.click(screen.getByRole('button', { name: 'Unfollow' }));
    await waitFor(() => expect(calls).toEqual(['DELETE /api/users/dana/follow']));
    release();
    expect(await screen.findByRole('button', { name: 'Follow' })).toBeTruthy();
  });
});
