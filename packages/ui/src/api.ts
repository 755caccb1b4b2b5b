import type { User } from '@trustcircle/contracts';
import { formatErrorMessage, withoutStatus } from './helpers';

/**
 * A non-success answer: `message` is "{status}: {message}" (spec §8); `status` and
 * `serverMessage` (the server's own words) carry the two halves for whoever needs them.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  get serverMessage(): string {
    return withoutStatus(this.message);
  }
}

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/**
 * The API client of spec §7: cookies always included, a JSON body only when one is given,
 * answers parsed as JSON (an empty answer is `undefined`).
 */
export async function apiRequest<T = unknown>(
  method: HttpMethod,
  path: string,
  body?: unknown,
  fetchImpl: typeof fetch = (...args) => fetch(...args),
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const init: RequestInit = { method, credentials: 'include', headers };
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  // A write may change what any read answers: reads started ahead are not taken after one.
  if (method !== 'GET') early.clear();
  const res = await ((method === 'GET' && takePrefetchedRead(path)) || fetchImpl(path, init));
  const text = await res.text().catch(() => '');
  if (!res.ok) throw new ApiError(res.status, formatErrorMessage(res.status, res.statusText, text));
  if (!text) return undefined as T;
  return JSON.parse(text) as T;
}

const EARLY_READ_FOR_MS = 10_000;
const early = new Map<string, { answer: Promise<Response>; startedAt: number }>();

/**
 * Starts `GET path` now, for a page about to open whose code is still on its way (a route's
 * `preload`): the page's first `api.get(path)` within 10 s takes this answer instead of asking
 * again, so the page's data and its code load side by side instead of one after the other.
 */
export function prefetchRead(path: string): void {
  if (early.has(path)) return;
  const answer = fetch(path, { credentials: 'include', headers: { Accept: 'application/json' } });
  answer.catch(() => undefined); // a failed read is the page's to report, when it asks
  early.set(path, { answer, startedAt: Date.now() });
}

/** The answer `prefetchRead(path)` started, once, if it is still fresh. */
export function takePrefetchedRead(path: string): Promise<Response> | undefined {
  const read = early.get(path);
  if (!read) return undefined;
  early.delete(path);
  return Date.now() - read.startedAt < EARLY_READ_FOR_MS ? read.answer : undefined;
}

export const api = {
  get: <T = unknown>(path: string) => apiRequest<T>('GET', path),
  post: <T = unknown>(path: string, body?: unknown) => apiRequest<T>('POST', path, body),
  patch: <T = unknown>(path: string, body?: unknown) => apiRequest<T>('PATCH', path, body),
  put: <T = unknown>(path: string, body?: unknown) => apiRequest<T>('PUT', path, body),
  delete: <T = unknown>(path: string) => apiRequest<T>('DELETE', path),
};

/** One page of a paged list (design §5) and the cursor of the next (`null` on the last). */
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/** `GET path` with `?cursor=` when given; the next page's cursor comes in `X-Next-Cursor`. */
export async function getPage<T>(
  path: string,
  cursor?: string | null,
  fetchImpl: typeof fetch = (...args) => fetch(...args),
): Promise<Page<T>> {
  const url = new URL(path, 'http://x');
  if (cursor) url.searchParams.set('cursor', cursor);
  const res = await fetchImpl(`${url.pathname}${url.search}`, {
    credentials: 'include',
    headers: { Accept: 'application/json' },
  });
  const text = await res.text().catch(() => '');
  if (!res.ok) throw new ApiError(res.status, formatErrorMessage(res.status, res.statusText, text));
  const value: unknown = text ? JSON.parse(text) : [];
  return {
    items: Array.isArray(value) ? (value as T[]) : [],
    nextCursor: res.headers.get('X-Next-Cursor') || null,
  };
}

/** `GET /api/user`: a 401 means nobody is signed in (`null`); other failures are errors. */
export async function fetchCurrentUser(fetchImpl?: typeof fetch): Promise<User | null> {
  try {
    return await apiRequest<User>('GET', '/api/user', undefined, fetchImpl);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/** The query key of the session; remotes read the user with `useQuery({ queryKey: SESSION_QUERY_KEY })`. */
export const SESSION_QUERY_KEY = ['/api/user'] as const;

/** A list read whose service may not exist yet: 404 reads as an empty list, other failures throw. */
export async function getListOrEmpty<T>(path: string): Promise<T[]> {
  try {
    const value = await api.get<unknown>(path);
    return Array.isArray(value) ? (value as T[]) : [];
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return [];
    throw error;
  }
}
