import { hash } from 'node:crypto';

/** The weak validator the services give an answer a cache may keep: its length and SHA-1. */
export function weakEtag(body: string | Buffer): string {
  const length = typeof body === 'string' ? Buffer.byteLength(body) : body.length;
  return `W/"${length.toString(16)}-${hash('sha1', body, 'base64url')}"`;
}
