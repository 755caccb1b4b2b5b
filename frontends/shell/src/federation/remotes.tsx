import {
  Component,
  Suspense,
  useEffect,
  useSyncExternalStore,
  type ErrorInfo,
  type ReactNode,
} from 'react';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { AlertIcon, Spinner, type RemoteRouteTable, Link, useLocation } from '@trustcircle/ui';

/** `/mfe/config.json` (design §7): remote name → its mf-manifest.json. */
export type RemotesConfig = Record<string, string>;

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

export function RemoteUnavailable() {
  return (
    <div className="container py-5">
      <div
        className="tc-unavailable card border-0 shadow-sm mx-auto text-center p-4 p-md-5"
        role="status"
      >
        <div className="tc-empty-icon mx-auto mb-3">
          <AlertIcon size={28} />
        </div>
        <h1 className="h4">This part of TrustCircle is unavailable right now</h1>
        <p className="text-body-secondary mb-4">
          We couldn&apos;t load this section. The rest of TrustCircle still works — please try again
          in a moment.
        </p>
        <div className="d-flex flex-wrap gap-2 justify-content-center">
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => window.location.reload()}
          >
            Try again
          </button>
          <Link to="/" className="btn btn-outline-secondary">
            Go to home
          </Link>
        </div>
      </div>
    </div>
  );
}

/** A remote's route table as the shell knows it: loading, loaded, or unavailable. */
export type TableState =
  { status: 'loading' } | { status: 'failed' } | { status: 'ready'; table: RemoteRouteTable };

const tables = new Map<string, TableState>();
const listeners = new Set<() => void>();
/** What `useRemoteTables` answers: a fresh map on every change, the same one in between. */
let snapshot: ReadonlyMap<string, TableState> = new Map();

function publish() {
  snapshot = new Map(tables);
  listeners.forEach((listener) => listener());
}

async function fetchTable(name: string): Promise<TableState> {
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

/** Loads `name/routes` once; a failed remote is tried again when asked again (next navigation). */
export function loadRemoteTable(name: string): void {
  const state = tables.get(name);
  if (state && state.status !== 'failed') return;
  tables.set(name, { status: 'loading' });
  publish();
  void fetchTable(name).then((next) => {
    tables.set(name, next);
    publish();
  });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The route tables of the remotes asked for so far. */
export function useRemoteTables(): ReadonlyMap<string, TableState> {
  return useSyncExternalStore(subscribe, () => snapshot);
}

class RemoteBoundary extends Component<
  { children: ReactNode; pathname: string },
  { failed: boolean; pathname: string }
> {
  override state = { failed: false, pathname: this.props.pathname };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  /** Navigating elsewhere gives the remote another chance. */
  static getDerivedStateFromProps(
    props: { pathname: string },
    state: { failed: boolean; pathname: string },
  ) {
    return props.pathname === state.pathname ? null : { failed: false, pathname: props.pathname };
  }
  override componentDidCatch(error: Error, info: ErrorInfo) {
    // eslint-disable-next-line no-console
    console.warn('[TrustCircle] a remote failed while rendering', error, info.componentStack);
  }
  override render() {
    return this.state.failed ? <RemoteUnavailable /> : this.props.children;
  }
}

/** A remote's page, with the unavailable panel in its place if it fails while rendering. */
export function RemotePage({ children }: { children: ReactNode }) {
  const location = useLocation();
  return (
    <RemoteBoundary pathname={location.pathname}>
      <Suspense fallback={<Spinner label="Loading this section…" />}>{children}</Suspense>
    </RemoteBoundary>
  );
}

/**
 * What a remote's section (e.g. `/explore/*`) shows until one of the remote's own routes
 * matches: asks for the table, a spinner meanwhile, the panel if the remote is unavailable, and
 * the remote's 404 (or `fallback`) for a path the loaded table does not have.
 */
export function RemoteSection({ name, fallback }: { name: string; fallback: ReactNode }) {
  const state = useRemoteTables().get(name);
  const { pathname } = useLocation();
  useEffect(() => loadRemoteTable(name), [name, pathname]);
  if (!state || state.status === 'loading') return <Spinner label="Loading this section…" />;
  if (state.status === 'failed') return <RemoteUnavailable />;
  return <RemotePage>{state.table.notFound ?? fallback}</RemotePage>;
}
