import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
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

/**
 * Which top-level sections each remote answers. The shell must know them without loading the
 * remote (a remote that is down shows its panel there, not a 404); the remote's own `./routes`
 * table says which pages it has under them and who may open each.
 */
export const REMOTE_SECTIONS: Readonly<Record<string, readonly string[]>> = {
  groups: ['/groups'],
  business: [
    '/explore',
    '/category',
    '/trending',
    '/reviews',
    '/business',
    '/write-review',
    '/report',
    '/moderation',
  ],
};

/** The remote whose section `pathname` is in, if any (case-insensitive, as the router is). */
export function remoteOfPath(pathname: string): string | undefined {
  const path = pathname.toLowerCase();
  return Object.keys(REMOTE_SECTIONS).find((name) =>
    REMOTE_SECTIONS[name]?.some((section) => path === section || path.startsWith(`${section}/`)),
  );
}

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
 * (instead of after the shell has rendered and asked for them, three round trips later).
 */
export function startRemotesEarly(pathname: string): void {
  const name = remoteOfPath(pathname);
  if (!name) {
    ensureRemotes().catch(() => undefined);
    return;
  }
  void fetchTable(name).then((state) => {
    // The page's own chunk, at once: rendering it would ask for it only after the bootstrap.
    if (state.status === 'ready')
      routeForPath(state.table.routes, pathname)
        ?.preload?.()
        .catch(() => undefined);
  });
}

const segmentsOf = (path: string) => path.toLowerCase().split('/').filter(Boolean);

/**
 * The route React Router would choose for `pathname` among `routes` (static segments before
 * `:params`, case-insensitive), for preloading only: the router itself still decides what renders.
 */
export function routeForPath(routes: readonly AppRoute[], pathname: string): AppRoute | undefined {
  const wanted = segmentsOf(pathname);
  let best: { route: AppRoute; params: number } | undefined;
  for (const route of routes) {
    const pattern = segmentsOf(route.path);
    if (pattern.length !== wanted.length) continue;
    if (!pattern.every((part, i) => part.startsWith(':') || part === wanted[i])) continue;
    const params = pattern.filter((part) => part.startsWith(':')).length;
    if (!best || params < best.params) best = { route, params };
  }
  return best?.route;
}
