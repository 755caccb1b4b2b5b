import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface Deployable {
  /** Process name; for services also the database schema. */
  name: string;
  workspace: string;
  kind: 'service' | 'gateway' | 'frontend';
  defaultPort: number;
}

/** Everything `npm start` runs, in start order; entries whose workspace is absent are skipped. */
export const DEPLOYABLES: Deployable[] = [
  { name: 'identity', workspace: 'services/identity', kind: 'service', defaultPort: 4001 },
  { name: 'communities', workspace: 'services/communities', kind: 'service', defaultPort: 4002 },
  { name: 'catalog', workspace: 'services/catalog', kind: 'service', defaultPort: 4003 },
  { name: 'reviews', workspace: 'services/reviews', kind: 'service', defaultPort: 4004 },
  { name: 'social', workspace: 'services/social', kind: 'service', defaultPort: 4005 },
  { name: 'shell', workspace: 'frontends/shell', kind: 'frontend', defaultPort: 3000 },
  { name: 'groups-mfe', workspace: 'frontends/groups-mfe', kind: 'frontend', defaultPort: 3001 },
  {
    name: 'business-mfe',
    workspace: 'frontends/business-mfe',
    kind: 'frontend',
    defaultPort: 3002,
  },
  { name: 'gateway', workspace: 'gateway', kind: 'gateway', defaultPort: 8080 },
];

/**
 * V8's heap ceilings for the gateway and the services, wherever they run (`npm start`, the
 * images of compose and k8s, the benches). Without them V8 sizes its heap from the machine's
 * memory and grows lazily: under the mixed bench the gateway and reviews reached 320–340 MB
 * resident (k8s limit: 256 Mi); with them every process stayed under 150 MB at the same
 * throughput (docs/performance.md, "Memory"). deploy/backend/Dockerfile repeats the value in
 * `ENV NODE_OPTIONS` (its replay test compares the two).
 */
export const SERVICE_NODE_OPTIONS = '--max-old-space-size=128 --max-semi-space-size=8';

/** `groups-mfe` → `GROUPS_MFE`: how the gateway's `*_URL` and the launcher's `*_PORT` are named. */
export const envName = (name: string) => name.toUpperCase().replace(/-/g, '_');

export function present(root: string): Deployable[] {
  return DEPLOYABLES.filter((d) => existsSync(path.join(root, d.workspace, 'package.json')));
}

/**
 * What must exist for the deployable to run: a service's compiled entry point, a frontend's
 * production bundle (its static server itself runs from source under Node 24).
 */
export function buildOutput(root: string, deployable: Deployable): string {
  return deployable.kind === 'frontend'
    ? path.join(
        root,
        deployable.workspace,
        'dist',
        deployable.name === 'shell' ? 'index.html' : 'mf-manifest.json',
      )
    : entryPoint(root, deployable);
}

/** The process's entry point: the workspace package.json's `main`. */
export function entryPoint(root: string, deployable: Deployable): string {
  const manifest = JSON.parse(
    readFileSync(path.join(root, deployable.workspace, 'package.json'), 'utf8'),
  ) as { main?: string };
  return path.join(root, deployable.workspace, manifest.main ?? 'dist/src/main.js');
}
