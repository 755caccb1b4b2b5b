import { createReadStream } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, resolve, sep } from 'node:path';
import { browserSecurityHeaders } from './browser-security';
import { createOpsApp, defaultOpsPort, isOpsPath, listen, type ShutdownState } from './health';
import { ConnectionDrain, PRODUCTION_DRAIN_MS } from './shutdown';

/**
 * A small static file server for the built micro-frontends (the shell and the remotes):
 * content-hashed assets are cached for a year, everything else (index.html, mf-manifest.json,
 * remoteEntry.js) is revalidated on every load, and unknown page paths fall back to
 * index.html so the browser router can answer them. Files the build precompressed
 * (`main.js.br`, `main.js.gz` beside `main.js`) are sent as they are to clients that accept
 * them (`Content-Encoding`, `Vary: Accept-Encoding`): no compression work per request.
 * Its port is public (the shell's through the Ingress, all of them through the gateway), so the
 * probes answer on a second, internal port only, like the gateway's (design §11).
 */
export interface StaticServerOptions {
  /** The build output directory. */
  root: string;
  /** Answer unknown extension-less GET paths with index.html (default true). */
  spaFallback?: boolean;
  /** Which files carry a content hash in their name (default: `name.<8+ hex>.ext`). */
  isImmutable?(relativePath: string): boolean;
  /** Adds `upgrade-insecure-requests` to the CSP (default: NODE_ENV is production). */
  production?: boolean;
}

export const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

const HASHED = /[.-][0-9a-f]{8,}\.[a-z0-9]+$/i;
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
export const NO_CACHE = 'no-cache';

export function defaultIsImmutable(relativePath: string): boolean {
  return HASHED.test(relativePath);
}

/** Precompressed siblings the server looks for, in order of preference. */
export const PRECOMPRESSED = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;
export type PrecompressedEncoding = (typeof PRECOMPRESSED)[number]['encoding'];

/**
 * The codings an `Accept-Encoding` header allows (q > 0), by q then our preference (br before
 * gzip); `*` stands for any coding not named. `x-gzip` counts as gzip.
 */
export function acceptedEncodings(header: string | undefined): PrecompressedEncoding[] {
  if (!header) return [];
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [rawName, ...params] = part.trim().split(';');
    let name = rawName?.trim().toLowerCase();
    if (!name) continue;
    if (name === 'x-gzip') name = 'gzip';
    let weight = 1;
    for (const param of params) {
      const [key, value] = param.trim().split('=');
      if (key?.trim().toLowerCase() === 'q') {
        const parsed = Number(value);
        weight = Number.isFinite(parsed) ? parsed : 0;
      }
    }
    q.set(name, Math.max(q.get(name) ?? 0, weight));
  }
  const star = q.get('*');
  return PRECOMPRESSED.map(({ encoding }, order) => ({
    encoding,
    order,
    weight: q.get(encoding) ?? star ?? 0,
  }))
    .filter((candidate) => candidate.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.order - b.order)
    .map((candidate) => candidate.encoding);
}

function notFound(res: ServerResponse): void {
  res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': NO_CACHE });
  res.end('Not Found');
}

export function createStaticHandler(options: StaticServerOptions) {
  const rootPromise = realpath(resolve(options.root));
  const spaFallback = options.spaFallback ?? true;
  const isImmutable = options.isImmutable ?? defaultIsImmutable;

  async function regularFile(path: string) {
    try {
      const info = await stat(path);
      return info.isFile() ? { path, size: info.size, mtime: info.mtime } : null;
    } catch {
      return null;
    }
  }

  async function fileAt(root: string, relative: string) {
    const candidate = resolve(root, `.${sep}${relative}`);
    if (candidate !== root && !candidate.startsWith(root + sep)) return null;
    try {
      const info = await stat(candidate);
      if (info.isDirectory()) {
        const index = join(candidate, 'index.html');
        const indexInfo = await stat(index);
        return { path: index, size: indexInfo.size, mtime: indexInfo.mtime };
      }
      return { path: candidate, size: info.size, mtime: info.mtime };
    } catch {
      return null;
    }
  }

  const security = browserSecurityHeaders(
    options.production ?? process.env.NODE_ENV === 'production',
  );

  return async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // The same policy as behind the gateway, for an Ingress that routes here directly.
    for (const [name, value] of Object.entries(security)) res.setHeader(name, value);
    const method = req.method ?? 'GET';
    const url = new URL(req.url ?? '/', 'http://static.invalid');
    // Not a page either: a probe sent here by mistake must fail, not get index.html.
    if (isOpsPath(req.url)) return notFound(res);
    if (method !== 'GET' && method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' });
      res.end('Method Not Allowed');
      return;
    }
    let relative: string;
    try {
      relative = decodeURIComponent(url.pathname);
    } catch {
      res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('Bad Request');
      return;
    }
    if (relative.includes('\0')) {
      res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('Bad Request');
      return;
    }
    const root = await rootPromise;
    let file = await fileAt(root, relative);
    let relativeFile = relative;
    if (!file && spaFallback && extname(relative) === '') {
      file = await fileAt(root, 'index.html');
      relativeFile = '/index.html';
    }
    if (!file) return notFound(res);
    const type = CONTENT_TYPES[extname(file.path).toLowerCase()] ?? 'application/octet-stream';
    // A precompressed sibling the client accepts, if the build left one (one stat each).
    const siblings = await Promise.all(
      PRECOMPRESSED.map(async ({ encoding, suffix }) => ({
        encoding,
        file: await regularFile(file.path + suffix),
      })),
    );
    const available = siblings.filter((sibling) => sibling.file);
    const accepted = acceptedEncodings(
      [req.headers['accept-encoding']].flat().filter(Boolean).join(','),
    );
    const chosen = accepted
      .map((encoding) => available.find((sibling) => sibling.encoding === encoding))
      .find(Boolean);
    const body = chosen?.file ?? file;
    const etag = `W/"${body.size.toString(16)}-${file.mtime.getTime().toString(16)}${chosen ? `-${chosen.encoding}` : ''}"`;
    const headers: Record<string, string | number> = {
      'content-type': type,
      'cache-control': isImmutable(relativeFile) ? IMMUTABLE_CACHE : NO_CACHE,
      etag,
      'last-modified': file.mtime.toUTCString(),
      'x-content-type-options': 'nosniff',
    };
    if (chosen) headers['content-encoding'] = chosen.encoding;
    // Caches must key on Accept-Encoding whenever the answer could have been another coding.
    if (available.length) headers.vary = 'Accept-Encoding';
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304, headers);
      res.end();
      return;
    }
    headers['content-length'] = body.size;
    res.writeHead(200, headers);
    if (method === 'HEAD') {
      res.end();
      return;
    }
    const stream = createReadStream(body.path);
    stream.on('error', () => res.destroy());
    stream.pipe(res);
  };
}

export interface RunningStaticServer {
  server: Server;
  port: number;
  url: string;
  /** Where /livez, /healthz and /readyz answer (the ops listener), never `url`. */
  opsUrl: string;
  /** Closes now: idle sockets at once, the rest on the next tick. */
  close(): Promise<void>;
  /**
   * SIGTERM: /readyz answers 503 while everything is still served for `drainMs`, then closes
   * as soon as idle; answers still running after `graceMs` are cut (docs/deployment.md).
   */
  shutdown(drainMs: number, graceMs: number): Promise<void>;
}

/**
 * Starts the static server; `port` 0 picks a free one. The probes listen on `opsPort` (default
 * PORT + 1000, ephemeral when `port` is 0) on the same host.
 */
export async function startStaticServer(
  options: StaticServerOptions & { port?: number; host?: string; opsPort?: number },
): Promise<RunningStaticServer> {
  const handle = createStaticHandler(options);
  const drain = new ConnectionDrain();
  const state: ShutdownState = { shuttingDown: false };
  const server = createServer(
    drain.wrap((req, res) =>
      handle(req, res).catch(() => {
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
        res.end('Internal Server Error');
      }),
    ),
  );
  server.keepAliveTimeout = 65_000;
  const host = options.host ?? '127.0.0.1';
  const port = options.port ?? 0;
  await listen(server, port, host);
  // Nothing to check but the process itself: ready until SIGTERM; no metrics of its own.
  const opsServer = createServer(createOpsApp([], null, state));
  try {
    await listen(opsServer, options.opsPort ?? defaultOpsPort(port), host);
  } catch (error) {
    server.close();
    throw error;
  }
  const shownHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  const urlOf = (s: Server) => `http://${shownHost}:${(s.address() as AddressInfo).port}`;
  const shutdown = async (drainMs: number, graceMs: number) => {
    state.shuttingDown = true;
    if (drainMs > 0) await new Promise((resolveDrain) => setTimeout(resolveDrain, drainMs));
    await drain.close(server, graceMs);
    opsServer.closeAllConnections();
    await new Promise<void>((resolveClose) => opsServer.close(() => resolveClose()));
  };
  return {
    server,
    port: (server.address() as AddressInfo).port,
    url: urlOf(server),
    opsUrl: urlOf(opsServer),
    close: () => shutdown(0, 0),
    shutdown,
  };
}

/**
 * The `server/main.ts` of every frontend: serves `STATIC_ROOT` (default: the build beside it)
 * on `PORT`/`HOST` and its probes on `OPS_PORT` (default `PORT` + 1000), logs one JSON line,
 * and on SIGTERM/SIGINT drains and closes like a service
 * (`SHUTDOWN_DRAIN_MS`, `SHUTDOWN_GRACE_MS`). A remote passes
 * `spaFallback: false`: it has no pages of its own, so a missing file is a 404.
 */
export async function runStaticServerMain(options: {
  service: string;
  defaultRoot: string;
  defaultPort: number;
  spaFallback?: boolean;
  env?: Record<string, string | undefined>;
}): Promise<RunningStaticServer> {
  const env = options.env ?? process.env;
  const root = env.STATIC_ROOT ?? options.defaultRoot;
  const port = Number(env.PORT ?? options.defaultPort);
  const running = await startStaticServer({
    root,
    port,
    opsPort: Number(env.OPS_PORT ?? defaultOpsPort(port)),
    host: env.HOST ?? '0.0.0.0',
    spaFallback: options.spaFallback,
  });
  const msg = `serving ${root} on ${running.url} (probes on ${running.opsUrl})`;
  process.stdout.write(`${JSON.stringify({ level: 'info', service: options.service, msg })}\n`);
  const production = env.NODE_ENV === 'production';
  const drainMs = Number(env.SHUTDOWN_DRAIN_MS ?? (production ? PRODUCTION_DRAIN_MS : 0));
  const graceMs = Number(env.SHUTDOWN_GRACE_MS ?? 10_000);
  const stop = () => {
    running.shutdown(drainMs, graceMs).then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  return running;
}
