import { NOTIFICATION_STREAM_EVENT } from '@trustcircle/contracts';
import type { Knex, Logger } from '@trustcircle/service-kit';
import type { Response } from 'express';
import { toNotification } from '../domain/notification-view';
import { SSE_HEARTBEAT, sseEvent } from '../domain/sse';
import { notificationsStore } from '../store/notifications-store';

const BATCH = 100;

/** One open `text/event-stream` answer: what it has sent up to, and its writer. */
class OpenStream {
  private pumping = false;
  private again = false;
  closed = false;

  constructor(
    readonly userId: number,
    private lastId: number,
    private readonly res: Response,
    private readonly deps: { db: Knex; logger: Logger },
  ) {}

  write(text: string): void {
    if (!this.closed) this.res.write(text);
  }

  /**
   * Sends every notification after the last one sent, oldest first. Pumps never overlap: a
   * wake during one runs it again, so nothing is sent twice or skipped. Ids commit in order per
   * member (the recipients' locks in the store), so "after the last id" misses nothing.
   */
  async pump(): Promise<void> {
    if (this.pumping) {
      this.again = true;
      return;
    }
    this.pumping = true;
    try {
      do {
        this.again = false;
        const rows = await notificationsStore.after(this.deps.db, this.userId, this.lastId, BATCH);
        for (const row of rows) {
          if (this.closed) return;
          const id = Number(row.id);
          this.write(sseEvent(NOTIFICATION_STREAM_EVENT, id, toNotification(row)));
          this.lastId = id;
        }
        if (rows.length === BATCH) this.again = true;
      } while (this.again && !this.closed);
    } catch (err) {
      // The next wake or heartbeat tries again from the same place.
      this.deps.logger.warn({ err, userId: this.userId }, 'notification stream read failed');
    } finally {
      this.pumping = false;
    }
  }

  end(): void {
    this.closed = true;
    this.res.end();
  }
}

/**
 * The streams open on this replica, by member. Any replica's notification reaches it through
 * NATS (`wake`), and a heartbeat both keeps idle connections alive through proxies and
 * re-reads each stream, so a push lost on the way costs at most one heartbeat of delay.
 */
export class StreamHub {
  private readonly byUser = new Map<number, Set<OpenStream>>();
  private heartbeat: NodeJS.Timeout | null = null;

  constructor(private readonly deps: { db: Knex; logger: Logger; heartbeatMs: number }) {}

  count(userId: number): number {
    return this.byUser.get(userId)?.size ?? 0;
  }

  get size(): number {
    let n = 0;
    for (const set of this.byUser.values()) n += set.size;
    return n;
  }

  open(userId: number, afterId: number, res: Response): OpenStream {
    const stream = new OpenStream(userId, afterId, res, this.deps);
    let set = this.byUser.get(userId);
    if (!set) this.byUser.set(userId, (set = new Set()));
    set.add(stream);
    return stream;
  }

  close(stream: OpenStream): void {
    stream.closed = true;
    const set = this.byUser.get(stream.userId);
    set?.delete(stream);
    if (set?.size === 0) this.byUser.delete(stream.userId);
  }

  wake(userId: number): void {
    for (const stream of this.byUser.get(userId) ?? []) void stream.pump();
  }

  start(): void {
    this.heartbeat = setInterval(() => {
      for (const set of this.byUser.values()) {
        for (const stream of set) {
          stream.write(SSE_HEARTBEAT);
          void stream.pump();
        }
      }
    }, this.deps.heartbeatMs);
    this.heartbeat.unref();
  }

  /** Ends every stream (shutdown): browsers reconnect to another replica with Last-Event-ID. */
  stop(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    for (const set of this.byUser.values()) for (const stream of set) stream.end();
    this.byUser.clear();
  }
}
