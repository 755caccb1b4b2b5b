import type { RequestHandler } from 'express';
import { LRUCache } from 'lru-cache';
import { ChangeGenerations } from './change-generations';
import { CHANGE_CHANNEL, parseChangeNotice } from './change-notices';
import { CHANGED_PARTS_HEADER, partsChangedBy } from './changed-parts';
import type { Logger } from './logger';
import { listenPg, type PgListener } from './pg-listen';
import type { BackgroundWorker } from './server';
import { staggeredTtl } from './staggered-ttl';

export interface KeptWhileUnchangedOptions<V> {
  /** The service (its schema) whose committed writes end what is kept. */
  service: string;
  /** Bound on what is kept, as `sizeOf` measures it (bytes, roughly). */
  maxSize: number;
  sizeOf(value: V): number;
  /** The longest anything is kept even when no write is heard (a safety net, not the rule). */
  ttlMs: number;
}

interface Entry<V> {
  value: V;
  stamp: readonly number[];
  /** The part of the service the value shows, if only one. */
  scope: string | null;
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A service's own reads answered from memory while none of its tables has changed since they
 * were loaded: the same rows for every caller (a business's first page of reviews), where the
 * caller's own part is read beside them. Its tables announce every committed write
 * (change-notices.ts); `worker` LISTENs and ends what was kept. A load that overlaps a write is
 * not kept; while the LISTEN connection is down nothing is kept or answered from memory; a
 * write this process answers ends what was kept before its answer leaves (`endedByWrites`), so
 * its writer's next read, here, is never older than the write. Another replica's write is
 * seen once its notice arrives (milliseconds), as by the gateway's kept answers.
 * A value read with a `scope` (`business:42`) shows one part of the service: it outlives
 * writes announced as changing other parts (change-notices.ts `announceScopedChanges`), and
 * ends with any write announced for its part or for the whole service; a value read without
 * one ends with any write at all.
 */
export class KeptWhileUnchanged<V extends object> {
  private readonly generations = new ChangeGenerations();
  private readonly services: readonly string[];
  private readonly cache: LRUCache<string, Entry<V>>;
  /** Reads answered from memory, and reads that loaded (metrics, tests). */
  served = 0;
  loaded = 0;

  private readonly ttlMs: number;

  constructor(options: KeptWhileUnchangedOptions<V>) {
    this.ttlMs = options.ttlMs;
    this.services = [options.service];
    this.cache = new LRUCache<string, Entry<V>>({
      maxSize: Math.max(options.maxSize, 1),
      sizeCalculation: (entry, key) => Math.max(options.sizeOf(entry.value), 0) + key.length + 64,
      ttl: options.ttlMs,
    });
  }

  /** Values and their measured size held now. */
  get size(): { answers: number; bytes: number } {
    return { answers: this.cache.size, bytes: this.cache.calculatedSize };
  }

  /** Whether writes are heard now: when not, every read loads. */
  get heard(): boolean {
    return this.generations.heard;
  }

  /**
   * `key`'s value from memory when current, else `load()`'s (kept when nothing changed
   * meanwhile); `scope`: the one part of the service it shows, if it shows only one.
   */
  async read(key: string, load: () => Promise<V>, scope: string | null = null): Promise<V> {
    if (!this.generations.heard) return load();
    const entry = this.cache.get(key);
    if (entry && this.current(entry)) {
      this.served += 1;
      return entry.value;
    }
    this.loaded += 1;
    const loading = { stamp: this.generations.stampOf(this.services), scope };
    const value = await load();
    if (this.current(loading)) {
      this.cache.set(key, { value, ...loading }, { ttl: staggeredTtl(this.ttlMs) });
    }
    return value;
  }

  private current(entry: Omit<Entry<V>, 'value'>): boolean {
    return this.generations.current(this.services, entry.stamp, entry.scope);
  }

  /** A committed write to the service, or to one part of it (`scope`). */
  changed(scope: string | null = null): void {
    this.generations.changed(this.services[0]!, scope);
  }

  /** Listening (again), or deaf: either way what was kept may have missed a write. */
  listen(): void {
    this.cache.clear();
    this.generations.listen();
  }

  lost(): void {
    this.cache.clear();
    this.generations.lost();
  }

  /**
   * Ends what was kept as a write request's answer begins to leave (its transaction has
   * committed by then): the writer's next read cannot be answered from before it, even when
   * it arrives ahead of the write's notice.
   */
  readonly endedByWrites: RequestHandler = (req, res, next) => {
    if (READS.has(req.method)) return next();
    const end = res.end;
    res.end = ((...args: Parameters<typeof end>) => {
      // The parts the write named (changed-parts.ts `changedOnly`), none if refused, else any.
      const only = partsChangedBy(res.statusCode, res.getHeader(CHANGED_PARTS_HEADER));
      if (only) for (const scope of only) this.changed(scope);
      else this.changed();
      return end.apply(res, args);
    }) as typeof end;
    next();
  };

  /** The background worker that hears the service's committed writes. */
  worker(url: string, logger: Logger): BackgroundWorker {
    let listener: PgListener | null = null;
    return {
      name: `${this.services[0]}-kept-reads`,
      start: () => {
        listener = listenPg({
          url,
          channel: CHANGE_CHANNEL,
          logger,
          onNotify: (payload) => {
            const notice = parseChangeNotice(payload ?? '');
            if (notice.service === this.services[0]) this.changed(notice.scope);
          },
          onReconnect: () => this.listen(),
          onLost: () => this.lost(),
        });
      },
      stop: async () => {
        this.lost();
        await listener?.close();
      },
    };
  }
}
