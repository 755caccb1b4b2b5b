import type { TestClient } from '@trustcircle/testing';

export interface UploadAnswer {
  status: number;
  body: any;
  headers: Headers;
}

/**
 * A multipart upload to `POST /api/photos`, as a browser sends it: through the gateway with
 * the client's cookies, or to `baseUrl` with `headers`; `files` are [name, declared type, bytes].
 */
export async function uploadPhotos(
  baseUrl: string,
  client: TestClient | null,
  files: [string, string, Buffer][],
  options: { field?: string; signal?: AbortSignal; headers?: Record<string, string> } = {},
): Promise<UploadAnswer> {
  const form = new FormData();
  for (const [name, type, bytes] of files) {
    form.append(options.field ?? 'photos', new Blob([new Uint8Array(bytes)], { type }), name);
  }
  const headers: Record<string, string> = { ...options.headers };
  if (client?.cookies.size) {
    headers.cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  const res = await fetch(`${baseUrl}/api/photos`, {
    method: 'POST',
    body: form,
    headers,
    signal: options.signal,
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: res.status, body, headers: res.headers };
}

/** `count` copies of one image as upload files. */
export const copies = (
  count: number,
  bytes: Buffer,
  name = 'photo.png',
): [string, string, Buffer][] =>
  Array.from({ length: count }, (_, i) => [`${i}-${name}`, 'image/png', bytes]);
