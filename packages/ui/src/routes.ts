import type { ReactNode } from 'react';

/** Who may open a route; the shell's composition enforces it (spec §2, §6). */
export type RouteAccess = 'public' | 'signed-in' | 'moderator';

/** One line of a route table: an absolute path (React Router syntax), who may open it, the page. */
export interface AppRoute {
  path: string;
  access: RouteAccess;
  element: ReactNode;
}

/**
 * What a remote exposes as `./routes`: its pages and, when it has its own, the page for an unknown
 * path under one of its sections (else the shell's 404). The shell mounts each route at its path (module-federation-examples' pattern:
 * remotes export their routes, the host composes them).
 */
export interface RemoteRouteTable {
  routes: AppRoute[];
  notFound?: ReactNode;
}
