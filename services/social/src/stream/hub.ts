import { NOTIFICATION_STREAM_EVENT } from '@trustcircle/contracts';
import type { Knex, Logger } from '@trustcircle/service-kit';
import type { Response } from 'express';
import { toNotification } from '../domain/notification-view';
import { SSE_HEARTBEAT, sseEvent } from '../domain/sse';
import { notificationsStore, type NotificationRow } from '../store/notifications-store';

/** Notifications one read sends a stream; a full batch reads again. */
const BATCH = 100;

/**
 * One open `text/event-stream` answer: what it has sent up to, and its writer. Reads for it
 * never overlap (`claim`/`release`): a wake during one runs it again afterwards, so nothing is
 * sent twice or skipped. Ids commit in order per member (the recipients' locks in the store),
 * so "after the last id sent" misses nothing.
 */
class OpenStream {
  private reading = false;
  private again = false;
  closed = false;

  constructor(
    readonly userId: number,
    public lastId: number,
    private readonly res: Response,
  ) {}

  write(text: string): void {
    if (!this.closed) this.res.write(text);
  }

  /** Sends rows read for it (oldest first); true when the read was full (more may wait). */
  send(rows: NotificationRow[]): boolean {
    for (const row of rows) {
      const id = Number(row.id);
      if (this.closed || id <= this.lastId) continue;
      this.write(sseEvent(NOTIFICATION_STREAM_EVENT, id, toNotification(row)));
      this.lastId = id;
    }
    return rows.length >= BATCH;
  }

  /** True when the caller may read for it now; otherwise it reads again after the current read. */
  claim(): boolean {
    if (this.reading) {
      this.again = true;
      return false;
    }
    this.reading = true;
    this.again = false;
    return true;
  }

  /** The read is done; true when it should read again (a wake came meanwhile, or it was full). */
  release(more: boolean): boolean {
    this.reading = false;
    return !this.closed && (this.again || more);
  }

  end(): void {
    this.closed = true;
    this.res.end();
  }
}

/**
 * The streams open on this replica, by member. Notifications written here wake them as soon as
 * they commit, any replica's reach it through NATS (`wake`, one read for every stream woken
 * together), and a heartbeat both keeps idle
 * connections alive through proxies and re-reads each stream, so a push lost on the way costs
 * at most one heartbeat of delay.
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
    const stream = new OpenStream(userId, afterId, res);
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

  /**
   * Reads and sends what these members' streams on this replica have not sent yet. A stream
   * that has already sent a member's newest announced id is left alone: the same notifications
   * are announced twice (right after commit here, then through NATS to every replica).
   */
  wake(written: Iterable<{ userId: number; id: number }>): Promise<void> {
    const newest = new Map<number, number>();
    for (const { userId, id } of written) newest.set(userId, Math.max(id, newest.get(userId) ?? 0));
    const streams: OpenStream[] = [];
    for (const [userId, id] of newest) {
      for (const stream of this.byUser.get(userId) ?? []) {
        if (stream.lastId < id && stream.claim()) streams.push(stream);
      }
    }
    return streams.length ? this.read(streams) : Promise.resolve();
  }

  /** One stream (a new connection): its backlog after its start. */
  catchUp(stream: OpenStream): Promise<void> {
    return stream.claim() ? this.read([stream]) : Promise.resolve();
  }

  private async read(streams: OpenStream[]): Promise<void> {
    const full = new Set<OpenStream>();
    try {
      const rows = await notificationsStore.afterEach(
        this.deps.db,
        streams.map((s) => ({ userId: s.userId, afterId: s.lastId })),
        BATCH,
      );
      const byStream = new Map<number, NotificationRow[]>();
      for (const row of rows) {
        const list = byStream.get(row.stream);
        if (list) list.push(row);
        else byStream.set(row.stream, [row]);
      }
      streams.forEach((stream, i) => {
        if (stream.send(byStream.get(i) ?? [])) full.add(stream);
      });
    } catch (err) {
      // The next wake or heartbeat tries again from the same place.
      this.deps.logger.warn({ err, streams: streams.length }, 'notification stream read failed');
    }
    const again = streams.filter((stream) => stream.release(full.has(stream)));
    if (again.length === 0) return;
    for (const stream of again) stream.claim();
    await this.read(again);
  }

  /** Every stream reads what it may have missed. */
  wakeAll(): Promise<void> {
    const streams: OpenStream[] = [];
    for (const set of this.byUser.values()) {
      for (const stream of set) if (stream.claim()) streams.push(stream);
    }
    return streams.length ? this.read(streams) : Promise.resolve();
  }

  start(): void {
    this.heartbeat = setInterval(() => {
      for (const set of this.byUser.values()) for (const stream of set) stream.write(SSE_HEARTBEAT);
      void this.wakeAll();
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
