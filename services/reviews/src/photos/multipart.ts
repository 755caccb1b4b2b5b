import {
  PHOTO_MAX_BYTES,
  PHOTO_MAX_COUNT,
  PHOTO_NONE,
  PHOTO_NOT_MULTIPART,
  PHOTO_TOO_LARGE,
  PHOTO_TOO_MANY,
} from '@trustcircle/contracts';
import { HttpError } from '@trustcircle/service-kit';
import busboy from 'busboy';
import type { Request } from 'express';

export const PHOTO_FIELD = 'photos';
export const UPLOAD_INTERRUPTED = 'Upload was interrupted';
/** Everything a legitimate upload can need, plus room for the multipart framing. */
const MAX_REQUEST_BYTES = PHOTO_MAX_COUNT * PHOTO_MAX_BYTES + 256 * 1024;

/**
 * Reads the `photos` files of a multipart upload into memory, with limits: at most 10 files,
 * each at most 5 MB (413 as soon as one is larger), and the whole body bounded. The gateway
 * does not limit multipart bodies, so this is where they are limited.
 */
export function readPhotoFiles(req: Request): Promise<Buffer[]> {
  const type = req.headers['content-type'] ?? '';
  if (!/^multipart\/form-data/i.test(type)) {
    return Promise.reject(new HttpError(415, PHOTO_NOT_MULTIPART));
  }
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > MAX_REQUEST_BYTES) return Promise.reject(new HttpError(413, PHOTO_TOO_LARGE));

  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        limits: {
          fileSize: PHOTO_MAX_BYTES,
          files: PHOTO_MAX_COUNT,
          fields: 20,
          fieldSize: 1024,
          parts: PHOTO_MAX_COUNT + 20,
        },
      });
    } catch {
      reject(new HttpError(400, PHOTO_NOT_MULTIPART));
      return;
    }
    const files: Buffer[] = [];
    let received = 0;
    let settled = false;

    const fail = (error: HttpError) => {
      if (settled) return;
      settled = true;
      req.unpipe(parser);
      // Stop reading; the answer goes out and the connection is closed behind it.
      req.resume();
      reject(error);
    };

    req.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received > MAX_REQUEST_BYTES) fail(new HttpError(413, PHOTO_TOO_LARGE));
    });

    parser.on('file', (field, stream) => {
      if (field !== PHOTO_FIELD) {
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => fail(new HttpError(413, PHOTO_TOO_LARGE)));
      stream.on('close', () => {
        if (!settled) files.push(Buffer.concat(chunks));
      });
    });
    parser.on('filesLimit', () => fail(new HttpError(400, PHOTO_TOO_MANY)));
    parser.on('partsLimit', () => fail(new HttpError(400, PHOTO_TOO_MANY)));
    parser.on('error', () => fail(new HttpError(400, PHOTO_NOT_MULTIPART)));
    parser.on('close', () => {
      if (settled) return;
      settled = true;
      if (!files.length) reject(new HttpError(400, PHOTO_NONE));
      else resolve(files);
    });
    req.on('aborted', () => fail(new HttpError(400, UPLOAD_INTERRUPTED)));
    req.pipe(parser);
  });
}
