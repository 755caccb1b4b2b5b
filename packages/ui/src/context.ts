import { useQuery } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import { fetchCurrentUser, SESSION_QUERY_KEY, type SessionUser } from './api';

/**
 * What the shell shares with the remotes through this singleton package (design §7): the
 * toast function of its notification region, and the session user from the shared query
 * cache. The shell provides `ToastContext` around its routes; remotes call `useToast()`.
 */
export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive' | 'success';
  duration?: number;
}

export type Notify = (toast: ToastInput) => void;

export const ToastContext = createContext<Notify>(() => undefined);

export function useToast(): Notify {
  return useContext(ToastContext);
}

/** The signed-in user (`null` when signed out), read from the shell's query cache. */
export function useSessionUser(): { user: SessionUser | null; isLoading: boolean } {
  const query = useQuery({ queryKey: SESSION_QUERY_KEY, queryFn: () => fetchCurrentUser() });
  return { user: query.data ?? null, isLoading: query.isLoading };
}
