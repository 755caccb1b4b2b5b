import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { bestRoute, remoteOfPath } from '@trustcircle/contracts/frontends';
import type { AppRoute, RemoteRouteTable } from '@trustcircle/ui';

/**
 * Everything here runs from the entry chunk (index.ts), before the async bootstrap, so it must
 * not import a shared module at run time (react, @trustcircle/ui): only the federation runtime.
 */

/** `/mfe/config.json` (design §7): remote name → its mf-manifest.json. */
export type RemotesConfig = Record<string, string>;

/** A remote's route table as the shell knows it: loading, loaded, or unavailable. */
export type TableState =
  { status: 'loading' } | { status: 'failed' } | { status: 'ready'; table: RemoteRouteTable };

let registered: Promise<RemotesConfig> | null = null;

/** Reads the remote locations at run time, once, and registers them with the federation runtime. */
export function ensureRemotes(): Promise<RemotesConfig> {
  registered ??= fetch('/mfe/config.json', { credentials: 'same-origin' })
    .then((res) => {
      if (!res.ok) throw new Error(`${res.status}: remote configuration unavailable`);
      return res.json() as Promise<RemotesConfig>;
    })
    .then((config) => {
      registerRemotes(
        Object.entries(config).map(([name, entry]) => ({
          name,
          entry: new URL(entry, window.location.origin).href,
        })),
      );
      return config;
    })
    .catch((error: unknown) => {
      registered = null; // try again on the next navigation
      throw error;
    });
  return registered;
}

const pending = new Map<string, Promise<TableState>>();

async function loadTable(name: string): Promise<TableState> {
  try {
    await ensureRemotes();
    const mod = (await loadRemote(`${name}/routes`)) as
      { default?: RemoteRouteTable; tcUnavailable?: boolean } | null | undefined;
    if (mod && !mod.tcUnavailable && Array.isArray(mod.default?.routes)) {
      return { status: 'ready', table: mod.default };
    }
  } catch (error) {
    // eslint-disable-next-line no-console
    console.warn(`[TrustCircle] ${name}/routes is unavailable`, error);
  }
  return { status: 'failed' };
}

/**
 * A remote's route table, loaded once: callers asking while it loads share the one load, and a
 * failed load is tried again by the next caller.
 */
export function fetchTable(name: string): Promise<TableState> {
  let table = pending.get(name);
  if (!table) {
    table = loadTable(name).then((state) => {
      if (state.status === 'failed') pending.delete(name);
      return state;
    });
    pending.set(name, table);
  }
  return table;
}

/**
 * Called by the entry chunk: the remote configuration, and the route table of the remote the
 * first page belongs to, load while the browser still downloads and runs the shell's bootstrap
 * (instead of after the shell has rendered and asked for them, three round trips later). The
 * table counts as loaded once the first page's own chunk is in too (its reads start with it), so
 * the page renders at once rather than through a Suspense fallback, which React holds for 300 ms
 * (packages/ui's lazyPage).
 */
export function startRemotesEarly(pathname: string): void {
  const name = remoteOfPath(pathname);
  if (!name) {
    ensureRemotes().catch(() => undefined);
    return;
  }
  const withFirstPage = fetchTable(name).then(async (state) => {
    if (state.status !== 'ready') return state;
    const found = routeForPath(state.table.routes, pathname);
    // A page that cannot load fails when it renders, into the remote's boundary.
    await found?.route.preload?.(found.params).catch(() => undefined);
    return state;
  });
  pending.set(name, withFirstPage);
}

/** The route React Router would choose for `pathname` among `routes`, for preloading only. */
export function routeForPath(
  routes: readonly AppRoute[],
  pathname: string,
): { route: AppRoute; params: Record<string, string> } | undefined {
  const found = bestRoute(routes, (route) => route.path, pathname);
  return found && { route: found.candidate, params: found.params };
}
