import { lazy, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';

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
  Page: LazyExoticComponent<ComponentType<P>>;
  preload: () => Promise<unknown>;
}

/**
 * `lazyPage(() => import('./pages/Explore'), 'ExplorePage')`: the page's module is loaded on
 * first render, or earlier by `preload`, once either way. A remote's first load then carries
 * only the page being opened, not every page of the remote (issue 20). A chunk that fails to
 * load when the page renders fails the page like any error in it: the shell's boundary shows its panel, whose
 * "Try again" reloads.
 */
export function lazyPage<M, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): LazyPage<PropsOf<M[K]>> {
  let loading: Promise<M> | undefined;
  // A failed load is forgotten: the page's first render (after a failed preload) tries again.
  const preload = (): Promise<M> =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  const Page = lazy(() =>
    preload().then((mod) => ({ default: mod[name] as ComponentType<PropsOf<M[K]>> })),
  );
  return { Page, preload };
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
