import type { User } from '@trustcircle/contracts';
import { useQuery } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import { fetchCurrentUser, SESSION_QUERY_KEY } from './api';
import { apiMessage } from './helpers';

/**
 * What the shell shares with the remotes through React context. The shell renders the
 * providers (it owns the toast region, design §7); a remote reads them with the hooks below.
 * The contexts live here, in the `@trustcircle/ui` singleton, so host and remotes hold the
 * same context objects.
 */

export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive' | 'success';
  duration?: number;
}

export type Notify = (toast: ToastInput) => void;

/** The shell's toast function; `null` when no provider is mounted. */
export const ToastContext = createContext<Notify | null>(null);

const noToast: Notify = () => undefined;

/** The provided toast function; outside a provider (a component test) a no-op. */
export function useToast(): Notify {
  return useContext(ToastContext) ?? noToast;
}

/**
 * What a failed action shows: `failed('Login failed')` is an `onError` handler that toasts that
 * title with the server's words (never a status code, spec §8).
 */
export function useFailureToast(): (title: string) => (error: unknown) => void {
  const toast = useToast();
  return (title) => (error) =>
    toast({ title, description: apiMessage(error), variant: 'destructive' });
}

/** The signed-in user (`null` when signed out) from the shell's query cache (`GET /api/user`). */
export function useSessionUser(): { user: User | null; isLoading: boolean } {
  const query = useQuery({ queryKey: SESSION_QUERY_KEY, queryFn: () => fetchCurrentUser() });
  return { user: query.data ?? null, isLoading: query.isLoading };
}
