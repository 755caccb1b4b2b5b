import {
  Component,
  Suspense,
  useEffect,
  useState,
  startTransition,
  type ErrorInfo,
  type ReactNode,
} from 'react';
import { AlertIcon, Spinner, Link, useLocation } from '@trustcircle/ui';
import { fetchTable, type TableState } from './remote-tables';

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

const tables = new Map<string, TableState>();
const listeners = new Set<() => void>();
/** What `useRemoteTables` answers: a fresh map on every change, the same one in between. */
let snapshot: ReadonlyMap<string, TableState> = new Map();

function publish() {
  snapshot = new Map(tables);
  listeners.forEach((listener) => listener());
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
  return () => {
    listeners.delete(listener);
  };
}

/**
 * The route tables of the remotes asked for so far. A table's arrival renders its page as a
 * transition, in slices (useSyncExternalStore's updates render in one blocking task: the whole
 * first page, a long task in Lighthouse's TBT).
 */
export function useRemoteTables(): ReadonlyMap<string, TableState> {
  const [current, setCurrent] = useState(snapshot);
  useEffect(() => {
    const update = () => startTransition(() => setCurrent(snapshot));
    update(); // a change between this render and the subscription
    return subscribe(update);
  }, []);
  return current;
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
