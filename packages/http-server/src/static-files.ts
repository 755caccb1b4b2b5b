// Every program that compiles this file (the frontends' and e2e's too) needs the declaration.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./types/negotiator.d.ts" />
import { extname, resolve } from 'node:path';
import express, { type Express, type Request, type Response } from 'express';
import expressStaticGzip from 'express-static-gzip';
import Negotiator from 'negotiator';
import { browserSecurityHeaders } from './browser-security';
import { isOpsPath } from './ops';

/**
 * What the frontends' static servers answer (the shell and the remotes): the build's files by
 * express-static-gzip (serve-static underneath), content-hashed assets cached for a year and
 * everything else (index.html, mf-manifest.json, remoteEntry.js) revalidated on every load,
 * unknown page paths answered with index.html so the browser router can take them. Files the
 * build precompressed (`main.js.br`, `main.js.gz` beside `main.js`) are sent as they are to
 * clients that accept them (`Content-Encoding`, `Vary: Accept-Encoding`): no compression work
 * per request. The probes' paths are never pages here: they answer on the ops port only.
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

const HASHED = /[.-][0-9a-f]{8,}\.[a-z0-9]+$/i;
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
export const NO_CACHE = 'no-cache';

export function defaultIsImmutable(relativePath: string): boolean {
  return HASHED.test(relativePath);
}

/** The precompressed codings the build leaves beside a file, best first. */
const CODINGS = ['br', 'gzip'];

/**
 * Kept by hand (5 lines): express-static-gzip ranks its server-side preference above the
 * client's q-values, so the request's own ranking (q first, then br before gzip) is settled
 * here with negotiator, express's parser, and handed on as a plain list.
 */
function rankAcceptedCodings(req: Request): void {
  const accepted = acceptedCodings(req);
  req.headers['accept-encoding'] = accepted.length ? accepted.join(', ') : 'identity';
}

/** The compressions (br, gzip) a request accepts, its best first; empty for none. */
export function acceptedCodings(req: {
  headers: Record<string, string | string[] | undefined>;
}): string[] {
  return new Negotiator(req).encodings(CODINGS, { preferred: CODINGS });
}

function plain(res: Response, status: number, text: string): void {
  res.removeHeader('content-encoding');
  res.removeHeader('vary');
  res
    .status(status)
    .set({ 'content-type': 'text/plain; charset=utf-8', 'cache-control': NO_CACHE });
  res.end(text);
}

export function createStaticApp(options: StaticServerOptions): Express {
  const root = resolve(options.root);
  const isImmutable = options.isImmutable ?? defaultIsImmutable;
  // The same policy as behind the gateway, for an Ingress that routes here directly.
  const security = browserSecurityHeaders(
    options.production ?? process.env.NODE_ENV === 'production',
  );
  const files = expressStaticGzip(root, {
    enableBrotli: true,
    index: 'index.html',
    serveStatic: { cacheControl: false, redirect: false, fallthrough: true },
  });
  const app = express();
  app.disable('x-powered-by');
  app.use((req, res, next) => {
    res.set(security);
    // Not a page either: a probe sent here by mistake must fail, not get index.html.
    if (isOpsPath(req.url)) return plain(res, 404, 'Not Found');
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.set('allow', 'GET, HEAD');
      return plain(res, 405, 'Method Not Allowed');
    }
    try {
      if (decodeURIComponent(req.path).includes('\0')) return plain(res, 400, 'Bad Request');
    } catch {
      return plain(res, 400, 'Bad Request');
    }
    res.set('cache-control', isImmutable(req.path) ? IMMUTABLE_CACHE : NO_CACHE);
    rankAcceptedCodings(req);
    next();
  });
  app.use(files);
  if (options.spaFallback ?? true) {
    app.use((req, res, next) => {
      if (extname(req.path) !== '') return next();
      req.url = '/index.html';
      res.set('cache-control', NO_CACHE);
      files(req, res, next);
    });
  }
  app.use((_req, res) => plain(res, 404, 'Not Found'));
  app.use(((_err, _req, res, _next) => {
    if (res.headersSent) return res.destroy();
    plain(res, 500, 'Internal Server Error');
  }) satisfies express.ErrorRequestHandler);
  return app;
}
