import compression from 'compression';
import type { RequestHandler } from 'express';

/** Smaller answers gain less than the compression costs (a header and a round of zlib). */
const COMPRESS_FROM_BYTES = 1024;

const compress = compression({ threshold: COMPRESS_FROM_BYTES });

/**
 * Large JSON answers gzip- or brotli-compressed for clients that accept it. A client that
 * accepts none (a service calling another, a load generator) costs nothing: compression only
 * wraps the response of requests that name an encoding. An answer already encoded (a
 * precompressed asset passed through) or marked no-transform (an event stream) is left alone.
 */
export const compressWhenAccepted: RequestHandler = (req, res, next) => {
  if (req.headers['accept-encoding'] === undefined) return next();
  compress(req, res, next);
};
