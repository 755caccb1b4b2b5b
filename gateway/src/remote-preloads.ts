import { firstReadOf, remoteOfPath } from '@trustcircle/contracts';
import type { Logger } from '@trustcircle/service-kit';
import {
  baseOf,
  entryPreloads,
  linkHeader,
  pagePreloads,
  type PageAssets,
  type Preload,
  type RemoteManifest,
} from './preload-links';
import { pageHeadFor, pageHeadsOf, type PageHead, type PageHeads } from './page-heads';
import type { Upstreams } from './upstream';

/** One remote frontend as the gateway knows it (config.ts). */
export interface RemoteFrontend {
  name: string;
  /** Where browsers fetch its mf-manifest.json (`/mfe/config.json`'s entry). */
  manifestUrl: string;
  /** Its static server, which answers the manifest at `/mf-manifest.json`. */
  serverUrl: string | undefined;
}

/** What the gateway knows of one remote's files, until when. */
interface RemoteFiles {
  base: string | null;
  /** The manifest, the entry, the route table's code: every page of the remote needs them. */
  common: Preload[];
  pages: PageAssets;
  /** Its pages' static heads (page-heads.ts). */
  heads: PageHeads;
  until: number;
}

/**
 * `Link: rel=preload` for a page of a remote (design §7): the page's first read (contracts'
 * `firstReadOf`), its manifest, its entry, its route table's code and the page's own chunks
 * (scripts and styles). Without them the browser learns
 * of each only once the one before has run: the shell's scripts, then the manifest, the entry,
 * the route table and the page, a round trip each (150 ms each on a phone on 4G). With the
 * page's HTML, they load beside the shell's scripts. The remote's `mf-manifest.json` and
 * `page-assets.json` (frontends/page-assets-plugin.js) come from its static server through the
 * gateway's own connection pools, kept for `ttlMs` and refreshed in the background; a page
 * never waits for them (until the first answer it gets the manifest's hint alone).
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
  const known = new Map<string, RemoteFiles>();
  const reading = new Set<string>();
  const manifestOf = (remote: RemoteFrontend): Preload => [remote.manifestUrl, 'fetch'];

  async function readJson(remote: RemoteFrontend, path: string): Promise<unknown> {
    if (!remote.serverUrl) throw new Error('no static server configured');
    const answer = await deps.upstreams.requestText(remote.serverUrl, { method: 'GET', path });
    if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}`);
    return JSON.parse(answer.text);
  }

  async function read(remote: RemoteFrontend): Promise<void> {
    try {
      const manifest = (await readJson(remote, '/mf-manifest.json')) as RemoteManifest;
      // A remote built before page-assets.json existed still gets its entry hinted.
      const [pages, heads] = await Promise.all([
        readJson(remote, '/page-assets.json').catch(() => ({})),
        readJson(remote, '/page-heads.json').catch(() => ({})),
      ]);
      known.set(remote.name, {
        base: baseOf(manifest),
        common: [manifestOf(remote), ...entryPreloads(manifest)],
        pages: pages !== null && typeof pages === 'object' ? (pages as PageAssets) : {},
        heads: pageHeadsOf(heads),
        until: now() + ttlMs,
      });
    } catch (err) {
      // A remote starting or down: its manifest alone meanwhile, and another look soon.
      deps.logger.info({ err, remote: remote.name }, 'remote manifest not read; hinting it alone');
      known.set(remote.name, {
        base: null,
        common: [manifestOf(remote)],
        pages: {},
        heads: {},
        until: now() + retryMs,
      });
    }
  }

  function refresh(remote: RemoteFrontend): void {
    if (reading.has(remote.name)) return;
    reading.add(remote.name);
    void read(remote).finally(() => reading.delete(remote.name));
  }

  // Read at start, so the first pages already carry the whole hint.
  for (const remote of deps.remotes) refresh(remote);

  /** What is known of the remote answering `path`, refreshed when it is due. */
  function filesFor(path: string): { remote?: RemoteFrontend; files?: RemoteFiles } {
    const name = remoteOfPath(path);
    const remote = deps.remotes.find((candidate) => candidate.name === name);
    if (!remote) return {};
    const files = known.get(remote.name);
    if (!files || now() >= files.until) refresh(remote);
    return { remote, files };
  }

  return {
    /** The `Link` header for a page at `path`, or undefined when no remote answers it. */
    linkFor(path: string): string | undefined {
      const { remote, files } = filesFor(path);
      if (!remote) return undefined;
      const read = firstReadOf(path);
      return linkHeader([
        ...(read ? [[read, 'read'] as Preload] : []),
        ...(files?.common ?? [manifestOf(remote)]),
        ...(files ? pagePreloads(files.base, files.pages, path) : []),
      ]);
    },
    /** The static head of the page at `path`, as its remote's build last said. */
    headFor(path: string): PageHead | undefined {
      const { files } = filesFor(path);
      return files && pageHeadFor(files.heads, path);
    },
  };
}
