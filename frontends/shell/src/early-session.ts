/**
 * `GET /api/user` started by the entry chunk (index.ts), while the browser still downloads
 * the bootstrap chunks: the first page (landing or home) can render as soon as they have run,
 * without another round trip. The session query takes the answer once; later checks fetch anew.
 */
let early: Promise<Response> | null =
  typeof window === 'undefined'
    ? null
    : fetch('/api/user', { credentials: 'include', headers: { Accept: 'application/json' } });
// A failure surfaces to the session query that takes it, not as an unhandled rejection.
early?.catch(() => undefined);

/** The signed-in home page's chunk (routes.tsx renders it lazily). */
export const loadHomePage = () => import('./pages/Home');

/** The top bar's bell and account menu (Frame.tsx renders them lazily). */
export const loadAccountControls = () => import('./layout/AccountControls');

/** Where the signed-in home is the first page (routes.tsx: `/` signed in, `/dashboard`). */
const HOME_PATHS = ['/', '/dashboard'];

// Signed in (200; a visitor gets 401): what only the signed in see downloads beside the
// bootstrap's chunks; the home's only when it is the page being opened.
early
  ?.then((res) => {
    if (!res.ok) return undefined;
    const home = HOME_PATHS.includes(window.location.pathname) ? loadHomePage() : undefined;
    return Promise.all([home, loadAccountControls()]);
  })
  .catch(() => undefined);

/** A `fetch` that answers with the early response, once; `undefined` after that. */
export function takeEarlySession(): typeof fetch | undefined {
  const pending = early;
  early = null;
  return pending ? () => pending : undefined;
}
