import type { LoginRequest, RegisterRequestBody, User } from '@trustcircle/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, fetchCurrentUser, SESSION_QUERY_KEY } from '@trustcircle/ui';
import { takeEarlySession } from './early-session';

/** The current user from `GET /api/user`; `null` when signed out (a 401). */
export function useSession() {
  const query = useQuery({
    queryKey: SESSION_QUERY_KEY,
    queryFn: () => fetchCurrentUser(takeEarlySession()),
  });
  return { user: query.data ?? null, isLoading: query.isLoading, error: query.error };
}

export function useSetSessionUser() {
  const client = useQueryClient();
  return (user: User | null) => {
    if (user) justSignedOut = false;
    client.setQueryData(SESSION_QUERY_KEY, user);
  };
}

/**
 * Set by sign-out: a protected page that loses its user then goes home, not to /auth (the
 * router's navigation is a transition, so the guard can render before it lands).
 */
let justSignedOut = false;
export const signedOutJustNow = () => justSignedOut;

export function useLogin() {
  const setUser = useSetSessionUser();
  return useMutation({
    mutationFn: (input: LoginRequest) => api.post<User>('/api/login', input),
    onSuccess: (user) => setUser(user),
  });
}

export function useRegister() {
  const setUser = useSetSessionUser();
  return useMutation({
    mutationFn: (input: RegisterRequestBody) => api.post<User>('/api/register', input),
    onSuccess: (user) => setUser(user),
  });
}

/** Sign-out; the caller navigates away first, then calls `clear` (so no guard sees the gap). */
export function useLogout() {
  const client = useQueryClient();
  const mutation = useMutation({ mutationFn: () => api.post('/api/logout') });
  const clear = () => {
    justSignedOut = true;
    // Everything user-specific goes with the session.
    client.removeQueries({ predicate: (query) => query.queryKey[0] !== SESSION_QUERY_KEY[0] });
    client.setQueryData(SESSION_QUERY_KEY, null);
  };
  return { ...mutation, clear };
}

export { displayName } from '@trustcircle/contracts/frontends';
