import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';
import express, { type RequestHandler } from 'express';
import type { ErrorIssue } from '@trustcircle/contracts';
import { HttpError } from './errors';

/**
 * Input canonicalisation, in one place for every service and the gateway: what cannot be a
 * well-formed request is refused as a 4xx with a JSON body before any route sees it, so no
 * handler, zod schema or Postgres query ever meets a NUL byte, a broken %-escape or a
 * 5,000-deep document (each of those answered 5xx before: issue 16).
 */

/** Longest request target (path + query) answered; longer ones get 414. */
export const MAX_URL_BYTES = 8 * 1024;
/**
 * Node's own bound on the request line plus headers (its default, 16 KiB, chosen on purpose).
 * Services allow more, so what the gateway accepts and forwards (plus the JWT it adds) always
 * fits upstream.
 */
export const EDGE_MAX_HEADER_BYTES = 16 * 1024;
export const SERVICE_MAX_HEADER_BYTES = 32 * 1024;
/** Deepest JSON body accepted: real payloads are at most 3 levels deep. */
export const MAX_JSON_DEPTH = 32;

export const URL_TOO_LONG = 'The address is too long';
export const HEADERS_TOO_LARGE = 'The request headers are too large';
export const MALFORMED_URL =
  'The address is not valid (malformed %-encoding or control characters)';
export const JSON_TOO_DEEP = 'Request body is nested too deeply';
export const JSON_NOT_UTF8 = 'JSON request bodies must be UTF-8';
export const DISALLOWED_TEXT = 'Text contains characters that are not allowed';
const DISALLOWED_FIELD = 'Contains control characters or invalid Unicode';

// Control characters (C0, DEL, C1: nothing a person types, and Postgres refuses NUL in text
// outright) and lone surrogates (not Unicode text; the driver would silently replace them).
// Free text keeps its tabs and line breaks.
const NOT_TEXT = /(?![\t\n\r])\p{Cc}|\p{Cs}/u;
const NOT_URL_TEXT = /\p{Cc}|\p{Cs}/u;

/** Text a person could have written: no control characters but tabs and line breaks. */
export function isAcceptableText(value: string): boolean {
  return !NOT_TEXT.test(value);
}

/**
 * What is wrong with a request target, or null: too long, a broken %-escape or invalid UTF-8,
 * or control characters once decoded. Express would otherwise throw from `decodeURIComponent`
 * while matching a route parameter (a 500), or pass a NUL on to a query.
 */
export function targetProblem(url: string): HttpError | null {
  if (url.length > MAX_URL_BYTES) return new HttpError(414, URL_TOO_LONG);
  if (!url.includes('%')) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(url);
  } catch {
    return new HttpError(400, MALFORMED_URL);
  }
  return NOT_URL_TEXT.test(decoded) ? new HttpError(400, MALFORMED_URL) : null;
}

/** Refuses a request target `targetProblem` finds fault with, before any route sees it. */
export const canonicalUrl: RequestHandler = (req, _res, next) => {
  const problem = targetProblem(req.url);
  if (problem) next(problem);
  else next();
};

/**
 * Walks a parsed JSON document without recursion: depth bounded, every string (and key)
 * acceptable text. Answers the 400 to throw, naming the offending fields (up to ten), or null.
 */
export function checkJsonDocument(document: unknown, maxDepth = MAX_JSON_DEPTH): HttpError | null {
  const stack: { value: unknown; path: string; depth: number }[] = [
    { value: document, path: '', depth: 0 },
  ];
  const bad: ErrorIssue[] = [];
  while (stack.length > 0 && bad.length < 10) {
    const { value, path, depth } = stack.pop()!;
    if (typeof value === 'string') {
      if (!isAcceptableText(value)) bad.push({ path, message: DISALLOWED_FIELD });
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth >= maxDepth) return new HttpError(400, JSON_TOO_DEEP);
    for (const [key, child] of Object.entries(value)) {
      const childPath = path ? `${path}.${key}` : key;
      if (!isAcceptableText(key)) {
        bad.push({ path: childPath, message: DISALLOWED_FIELD });
        continue;
      }
      stack.push({ value: child, path: childPath, depth: depth + 1 });
    }
  }
  if (bad.length === 0) return null;
  bad.sort((a, b) => a.path.localeCompare(b.path));
  return new HttpError(400, DISALLOWED_TEXT, bad);
}

const CHARSET = /;\s*charset\s*=\s*"?([^";\s]*)/i;

/** express.json, then the document checks above: the one JSON body parser. */
export function jsonBodyParser(limit = '1mb'): RequestHandler {
  // The gateway lets every JSON type through (`application/merge-patch+json` too): each is
  // parsed and checked here, never taken for an empty body.
  const parse = express.json({
    limit,
    strict: true,
    type: ['application/json', 'application/*+json'],
  });
  return (req, res, next) => {
    // JSON travels as UTF-8 (RFC 8259). express.json decodes any `utf-*` charset, and a body
    // that is not text in the one named (`x` as UTF-16) decodes to nothing: taken for `{}`,
    // a PUT of nothing answered 200 (the hostile-input test, seed 460744592).
    const charset = CHARSET.exec(req.headers['content-type'] ?? '')?.[1]?.toLowerCase();
    if (charset !== undefined && charset !== 'utf-8') {
      return next(new HttpError(415, JSON_NOT_UTF8));
    }
    parse(req, res, (error?: unknown) => {
      if (error) return next(error);
      const problem = req.body === undefined ? null : checkJsonDocument(req.body);
      next(problem ?? undefined);
    });
  };
}

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  414: 'URI Too Long',
  431: 'Request Header Fields Too Large',
};

/** The request line, if the bytes Node gave up on are longer than any accepted target. */
function requestLineTooLong(raw: Buffer | undefined): boolean {
  if (!raw) return false;
  const end = raw.indexOf('\r\n');
  return (end === -1 ? raw.length : end) > MAX_URL_BYTES;
}

/** How long a refused connection is drained before it is closed anyway. */
const LINGER_MS = 2000;

/**
 * Node answers requests it cannot parse (headers over `maxHeaderSize`, broken framing) itself,
 * with an empty body. This writes the design §5 JSON body instead, telling a too-long address
 * (414) from too-large headers (431). The parser reports the same connection again for every
 * later chunk: only the first report answers. Then the connection lingers, reading and dropping
 * what the client still sends, because closing with unread input resets the connection and the
 * client may lose the answer before reading it (seen under load as ECONNRESET).
 */
export function answerClientErrors(server: Server): void {
  const answered = new WeakSet<Duplex>();
  server.on(
    'clientError',
    (error: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Duplex) => {
      if (answered.has(socket)) return;
      answered.add(socket);
      if (error.code === 'ECONNRESET' || !socket.writable) {
        socket.destroy();
        return;
      }
      let status = 400;
      let message = 'The request could not be read';
      if (error.code === 'HPE_HEADER_OVERFLOW') {
        status = requestLineTooLong(error.rawPacket) ? 414 : 431;
        message = status === 414 ? URL_TOO_LONG : HEADERS_TOO_LARGE;
      } else if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
        status = 408;
        message = 'The request took too long to arrive';
      }
      const body = JSON.stringify({ message });
      socket.end(
        `HTTP/1.1 ${status} ${REASONS[status]}\r\n` +
          'Content-Type: application/json; charset=utf-8\r\n' +
          `Content-Length: ${Buffer.byteLength(body)}\r\n` +
          'Cache-Control: no-store\r\n' +
          'Connection: close\r\n\r\n' +
          body,
      );
      socket.on('data', () => undefined);
      socket.resume();
      const linger = setTimeout(() => socket.destroy(), LINGER_MS);
      linger.unref();
      socket.once('close', () => clearTimeout(linger));
    },
  );
}
