import {
  Component,
  lazy,
  Suspense,
  type ComponentType,
  type ErrorInfo,
  type ReactNode,
} from 'react';
import { Link, useLocation } from 'react-router-dom';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { AlertIcon, Spinner } from '@trustcircle/ui';

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

export interface RemoteProps {
  /** Where the shell mounted the remote, e.g. "/business"; its <Routes> are relative to it. */
  basePath: string;
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

const lazyModules = new Map<string, ComponentType<RemoteProps>>();

function lazyRemote(id: string): ComponentType<RemoteProps> {
  let component = lazyModules.get(id);
  if (!component) {
    component = lazy(async () => {
      try {
        await ensureRemotes();
        const mod = (await loadRemote<{ default?: ComponentType<RemoteProps> }>(id)) as
          { default?: ComponentType<RemoteProps>; tcUnavailable?: boolean } | null | undefined;
        if (mod && !mod.tcUnavailable && typeof mod.default === 'function') {
          return { default: mod.default };
        }
      } catch (error) {
        // eslint-disable-next-line no-console
        console.warn(`[TrustCircle] ${id} is unavailable`, error);
      }
      lazyModules.delete(id); // a later visit tries again
      return { default: RemoteUnavailable };
    });
    lazyModules.set(id, component);
  }
  return component;
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

/** Mounts `remote/module` (e.g. `business/BusinessRoutes`) with a panel in its place on failure. */
export function RemoteRoutes({ id, basePath }: { id: string; basePath: string }) {
  const location = useLocation();
  const Remote = lazyRemote(id);
  return (
    <RemoteBoundary key={id} pathname={location.pathname}>
      <Suspense fallback={<Spinner label="Loading this section…" />}>
        <Remote basePath={basePath} />
      </Suspense>
    </RemoteBoundary>
  );
}
