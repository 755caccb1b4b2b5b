import { setTimeout as sleep } from 'node:timers/promises';

export interface SseEvent {
  id: string | null;
  event: string;
  data: any;
}

/**
 * A minimal EventSource over fetch: keeps every event and comment it receives, so tests can
 * wait for counts and check there is nothing extra. `lastEventId` is sent as a browser does
 * on reconnect.
 */
export async function openStream(
  url: string,
  options: { cookie?: string; bearer?: string; lastEventId?: number | string } = {},
) {
  const controller = new AbortController();
  const headers: Record<string, string> = { accept: 'text/event-stream' };
  if (options.cookie) headers.cookie = options.cookie;
  if (options.bearer) headers.authorization = `Bearer ${options.bearer}`;
  if (options.lastEventId !== undefined) headers['last-event-id'] = String(options.lastEventId);
  const response = await fetch(url, { headers, signal: controller.signal });
  const events: SseEvent[] = [];
  const comments: string[] = [];
  const receivedAt: number[] = [];
  let ended = false;

  const read = async () => {
    if (!response.body) return;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          let id: string | null = null;
          let event = 'message';
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1).trim());
            else if (line.startsWith('id: ')) id = line.slice(4);
            else if (line.startsWith('event: ')) event = line.slice(7);
            else if (line.startsWith('data: ')) data.push(line.slice(6));
          }
          if (data.length) {
            events.push({ id, event, data: JSON.parse(data.join('\n')) });
            receivedAt.push(Date.now());
          }
        }
      }
    } catch {
      // aborted by close()
    } finally {
      ended = true;
    }
  };
  const reading = response.ok ? read() : Promise.resolve();

  return {
    status: response.status,
    headers: response.headers,
    events,
    comments,
    receivedAt,
    get ended() {
      return ended;
    },
    /** Waits until at least `count` events arrived; fails after `timeoutMs`. */
    async waitForEvents(count: number, timeoutMs = 5000): Promise<SseEvent[]> {
      const deadline = Date.now() + timeoutMs;
      while (events.length < count) {
        if (Date.now() > deadline) {
          throw new Error(`expected ${count} events, got ${events.length}`);
        }
        await sleep(10);
      }
      return events;
    },
    async waitForComment(timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (comments.length === 0 && Date.now() < deadline) await sleep(10);
      return comments;
    },
    async close() {
      controller.abort();
      await reading;
    },
  };
}
export type OpenStream = Awaited<ReturnType<typeof openStream>>;

/** The Cookie header a TestClient would send. */
export const cookieOf = (client: { cookies: Map<string, string> }) =>
  [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
