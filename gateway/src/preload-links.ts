import { bestRoute } from '@trustcircle/contracts';

/**
 * What a preload hint fetches, and as what (the request must match the one that uses it):
 * `fetch` as the federation runtime asks (cors, cookies same-origin), `read` as the API client
 * does (cors, credentials included).
 */
export type Preload = [url: string, as: 'fetch' | 'read' | 'script' | 'style'];

const LINK_ATTRIBUTES: Record<Preload[1], string> = {
  fetch: 'as=fetch; crossorigin',
  read: 'as=fetch; crossorigin=use-credentials',
  script: 'as=script; fetchpriority=low',
  style: 'as=style; fetchpriority=low',
};

/** What a manifest says the browser needs before a remote's page can render. */
export interface RemoteManifest {
  metaData?: { publicPath?: unknown; remoteEntry?: { name?: unknown; path?: unknown } };
  exposes?: { path?: unknown; assets?: { js?: { sync?: unknown }; css?: { sync?: unknown } } }[];
}

/** `page-assets.json` (frontends/page-assets-plugin.js): route pattern → its page's files. */
export type PageAssets = Record<string, unknown>;

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

/**
 * A plain path under the site, nothing a header or a URL would read differently (no spaces,
 * commas, `>`, `..`): a manifest is the remote's, not ours to trust.
 */
const isPlainPath = (url: string) => /^\/[\w./~-]+$/.test(url) && !url.includes('..');

/** The manifest's base for its files, when it is a path on this site (not `auto`). */
export function baseOf(manifest: RemoteManifest): string | null {
  const base = manifest.metaData?.publicPath;
  return typeof base === 'string' && base.startsWith('/') && base.endsWith('/') ? base : null;
}

/** The remote's entry and its route table's scripts and styles, as the manifest names them. */
export function entryPreloads(manifest: RemoteManifest): Preload[] {
  const base = baseOf(manifest);
  if (!base) return [];
  const code: Preload[] = [];
  const entry = manifest.metaData?.remoteEntry;
  if (typeof entry?.name === 'string') {
    const dir = typeof entry.path === 'string' && entry.path ? `${entry.path}/` : '';
    code.push([`${base}${dir}${entry.name}`, 'script']);
  }
  const routes = manifest.exposes?.find((expose) => expose.path === './routes');
  for (const file of strings(routes?.assets?.js?.sync)) code.push([`${base}${file}`, 'script']);
  for (const file of strings(routes?.assets?.css?.sync)) code.push([`${base}${file}`, 'style']);
  return code.filter(([url]) => isPlainPath(url));
}

/** The files of the page the router would show at `path`. */
export function pagePreloads(base: string | null, pages: PageAssets, path: string): Preload[] {
  if (!base) return [];
  const page = bestRoute(Object.entries(pages), ([pattern]) => pattern, path)?.candidate;
  return strings(page?.[1])
    .filter((file) => file.endsWith('.js') || file.endsWith('.css'))
    .map((file): Preload => [`${base}${file}`, file.endsWith('.css') ? 'style' : 'script'])
    .filter(([url]) => isPlainPath(url));
}

/**
 * One `Link` header for these preloads, each once. Code at low priority: the shell's own
 * scripts, asked for by the HTML after these, must not queue behind them (on HTTP/1.1 six
 * connections carry them all); ahead of them, the shell's first paint came 200–400 ms later.
 */
export function linkHeader(preloads: Preload[]): string {
  const seen = new Set<string>();
  return preloads
    .filter(([url]) => !seen.has(url) && Boolean(seen.add(url)))
    .map(([url, as]) => `<${url}>; rel=preload; ${LINK_ATTRIBUTES[as]}`)
    .join(', ');
}
