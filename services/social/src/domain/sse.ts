/**
 * Server-Sent Events framing (WHATWG HTML §9.2). Data is JSON on one line, so a `data:` line
 * never needs splitting; ids are decimal notification ids.
 */
export function sseEvent(event: string, id: number, data: unknown): string {
  return `id: ${id}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** A comment line: ignored by EventSource, keeps proxies and load balancers from idling out. */
export const SSE_HEARTBEAT = ': heartbeat\n\n';

/** Asks EventSource to reconnect after this many ms when the connection drops. */
export const sseRetry = (ms: number) => `retry: ${ms}\n\n`;

/**
 * Where a stream resumes: the `Last-Event-ID` the browser sends on reconnect (or the
 * `lastEventId` query a client without header control passes). Null when absent; anything
 * that is not a notification id is treated as absent, not as "from the beginning".
 */
export function parseLastEventId(value: unknown): number | null {
  if (typeof value !== 'string' || !/^\d{1,15}$/.test(value.trim())) return null;
  const id = Number(value.trim());
  return Number.isSafeInteger(id) ? id : null;
}
