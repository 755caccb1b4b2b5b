import { remoteOfPath } from '@trustcircle/contracts';
import type { Logger } from '@trustcircle/service-kit';
import type { Upstreams } from './upstream';

/** One remote frontend as the gateway knows it (config.ts). */
export interface RemoteFrontend {
  name: string;
  /** Where browsers fetch its mf-manifest.json (`/mfe/config.json`'s entry). */
  manifestUrl: string;
  /** Its static server, which answers the manifest at `/mf-manifest.json`. */
  serverUrl: string | undefined;
}

/** What a manifest says the browser needs before a remote's page can render. */
interface RemoteManifest {
  metaData?: { publicPath?: unknown; remoteEntry?: { name?: unknown; path?: unknown } };
  exposes?: { path?: unknown; assets?: { js?: { sync?: unknown }; css?: { sync?: unknown } } }[];
}

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

/**
 * A plain path under the site, nothing a header or a URL would read differently (no spaces,
 * commas, `>`, `..`): a manifest is the remote's, not ours to trust.
 */
const isPlainPath = (url: string) => /^\/[\w./~-]+$/.test(url) && !url.includes('..');

const linkOf = (url: string, as: 'fetch' | 'script' | 'style') =>
  `<${url}>; rel=preload; as=${as}${as === 'fetch' ? '; crossorigin' : ''}`;

/**
 * A `Link` header's preload entries: the manifest (its URL is our configuration's), then the
 * entry and the route table's code as the manifest names them.
 */
export function preloadsOf(manifestUrl: string, manifest: RemoteManifest): string[] {
  const code: [url: string, as: 'script' | 'style'][] = [];
  const base = manifest.metaData?.publicPath;
  // `auto` (or nothing) means the browser works the base out at run time: nothing to hint.
  if (typeof base === 'string' && base.startsWith('/') && base.endsWith('/')) {
    const entry = manifest.metaData?.remoteEntry;
    if (typeof entry?.name === 'string') {
      const dir = typeof entry.path === 'string' && entry.path ? `${entry.path}/` : '';
      code.push([`${base}${dir}${entry.name}`, 'script']);
    }
    const routes = manifest.exposes?.find((expose) => expose.path === './routes');
    for (const file of strings(routes?.assets?.js?.sync)) code.push([`${base}${file}`, 'script']);
    for (const file of strings(routes?.assets?.css?.sync)) code.push([`${base}${file}`, 'style']);
  }
  return [
    linkOf(manifestUrl, 'fetch'),
    ...code.filter(([url]) => isPlainPath(url)).map(([url, as]) => linkOf(url, as)),
  ];
}

/**
 * `Link: rel=preload` for a page of a remote (design §7): its manifest, its entry and its route
 * table's code (scripts and styles). Without them the browser learns of each only once the one
 * before has run: the shell's scripts, then the manifest, then the entry, then the route
 * table, a round trip each (150 ms each on a phone on 4G). With the page's HTML, they load
 * beside the shell's scripts. The manifests come from the remotes' static servers through the
 * gateway's own connection pools, kept for `ttlMs` and refreshed in the background; a page
 * never waits for one (until the first answer it gets the manifest's hint alone).
 */
export function remotePreloads(deps: {
  remotes: RemoteFrontend[];
  upstreams: Upstreams;
  logger: Logger;
  ttlMs?: number;
  retryMs?: number;
  now?: () => number;
}) {
  const { ttlMs = 60_000, retryMs = 5_000, now = Date.now } = deps;
  const known = new Map<string, { header: string; until: number }>();
  const reading = new Set<string>();
  const manifestOnly = (remote: RemoteFrontend) => linkOf(remote.manifestUrl, 'fetch');

  async function read(remote: RemoteFrontend): Promise<void> {
    try {
      if (!remote.serverUrl) throw new Error('no static server configured');
      const answer = await deps.upstreams.requestText(remote.serverUrl, {
        method: 'GET',
        path: '/mf-manifest.json',
      });
      if (answer.status !== 200) throw new Error(`manifest answered ${answer.status}`);
      const links = preloadsOf(remote.manifestUrl, JSON.parse(answer.text) as RemoteManifest);
      known.set(remote.name, { header: links.join(', '), until: now() + ttlMs });
    } catch (err) {
      // A remote starting or down: its manifest alone meanwhile, and another look soon.
      deps.logger.info({ err, remote: remote.name }, 'remote manifest not read; hinting it alone');
      known.set(remote.name, { header: manifestOnly(remote), until: now() + retryMs });
    }
  }

  function refresh(remote: RemoteFrontend): void {
    if (reading.has(remote.name)) return;
    reading.add(remote.name);
    void read(remote).finally(() => reading.delete(remote.name));
  }

  // Read at start, so the first pages already carry the whole hint.
  for (const remote of deps.remotes) refresh(remote);

  return {
    /** The `Link` header for a page at `path`, or undefined when no remote answers it. */
    linkFor(path: string): string | undefined {
      const name = remoteOfPath(path);
      const remote = deps.remotes.find((candidate) => candidate.name === name);
      if (!remote) return undefined;
      const cached = known.get(remote.name);
      if (!cached || now() >= cached.until) refresh(remote);
      return cached?.header ?? manifestOnly(remote);
    },
  };
}
