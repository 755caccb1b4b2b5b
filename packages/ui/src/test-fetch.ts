/**
 * For component tests that stub `fetch`: a 200 JSON answer as the API client reads it (its text
 * and headers, e.g. `X-Next-Cursor`).
 */
export function jsonResponse(body: unknown, headers: Record<string, string> = {}): Response {
  return {
    ok: true,
    status: 200,
    statusText: 'OK',
    text: async () => JSON.stringify(body),
    headers: new Headers(headers),
  } as Response;
}
