import {
  createElement,
  lazy,
  startTransition,
  useEffect,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';

/** Who may open a route; the shell's composition enforces it (spec §2, §6). */
export type RouteAccess = 'public' | 'signed-in' | 'moderator';

/** One line of a route table: an absolute path (React Router syntax), who may open it, the page. */
export interface AppRoute {
  path: string;
  access: RouteAccess;
  element: ReactNode;
  /**
   * Starts loading the page's code (and may start its first reads: `prefetchRead`), given the
   * path's `:params`. The shell calls it as soon as it knows the route is the one being opened,
   * while its own code still downloads (remote-tables.ts), so a page in its own chunk costs no
   * extra round trip on a first load.
   */
  preload?: (params: Readonly<Record<string, string>>) => Promise<unknown>;
}

/** A page in its own chunk: the component to render and the `preload` for its route. */
export interface LazyPage<P> {
  Page: ComponentType<P>;
  preload: () => Promise<unknown>;
  /** Whether the page's module is in: `Page` then renders without suspending. */
  isLoaded: () => boolean;
}

/**
 * `lazyPage(() => import('./pages/Explore'), 'ExplorePage')`: the page's module is loaded on
 * first render, or earlier by `preload`, once either way. A remote's first load then carries
 * only the page being opened, not every page of the remote (issue 20). A chunk that fails to
 * load when the page renders fails the page like any error in it: the shell's boundary shows its panel, whose
 * "Try again" reloads.
 *
 * A page whose module has loaded renders at once, without suspending. Suspending would commit
 * its boundary's fallback, and React holds back the content that replaces a fallback until
 * 300 ms after the last fallback anywhere was shown: on a first load whose page was preloaded
 * that was 300 ms of an idle main thread before the page painted (its LCP;
 * docs/performance.md, ninth session).
 */
export function lazyPage<M, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): LazyPage<PropsOf<M[K]>> {
  type P = PropsOf<M[K]>;
  let loading: Promise<M> | undefined;
  let loaded: ComponentType<P> | undefined;
  // A failed load is forgotten: the page's first render (after a failed preload) tries again.
  const preload = (): Promise<M> =>
    (loading ??= load().then(
      (mod) => {
        loaded = mod[name] as ComponentType<P>;
        return mod;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(() => preload().then((mod) => ({ default: mod[name] as ComponentType<P> })));
  function Page(props: P) {
    // Chosen once per mounted page: switching from the lazy wrapper to the component itself on
    // a later render would be another element type there, and remount the page.
    const [ready] = useState(() => loaded);
    // `Page`'s own signature types the props; createElement cannot follow a generic P.
    return createElement((ready ?? Lazy) as ComponentType<object>, props as object);
  }
  return { Page, preload, isLoaded: () => loaded !== undefined };
}

/**
 * Whether `page`'s module is in, loading it when `wanted`: a caller shows its own placeholder
 * until then instead of a Suspense fallback (see lazyPage: a fallback holds back what replaces
 * it). A failed load answers true as well: the page's render then tries again and fails into
 * its boundary.
 */
export function usePageLoaded(
  page: Pick<LazyPage<unknown>, 'preload' | 'isLoaded'>,
  wanted = true,
): boolean {
  const [settled, setSettled] = useState(page.isLoaded);
  useEffect(() => {
    if (!wanted || settled) return undefined;
    let live = true;
    // A transition: the page that now renders is rendered in slices, not in one long task.
    const done = () => {
      if (live) startTransition(() => setSettled(true));
    };
    page.preload().then(done, done);
    return () => {
      live = false;
    };
  }, [page, wanted, settled]);
  return settled || page.isLoaded();
}

type PropsOf<C> = C extends ComponentType<infer P> ? P : never;

/**
 * What a remote exposes as `./routes`: its pages and, when it has its own, the page for an unknown
 * path under one of its sections (else the shell's 404). The shell mounts each route at its path (module-federation-examples' pattern:
 * remotes export their routes, the host composes them).
 */
export interface RemoteRouteTable {
  routes: AppRoute[];
  notFound?: ReactNode;
}
