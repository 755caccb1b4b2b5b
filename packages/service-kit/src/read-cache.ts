import { LRUCache } from 'lru-cache';

export interface ReadCache<V> {
  /** The cached answer for `key`, else `load()`'s; callers asking together share one load. */
  get(key: string, load: () => Promise<V>): Promise<V>;
  /** Forget everything (after a write this process made that the answers would show). */
  clear(): void;
}

/**
 * A short-lived cache of answers that are the same for every caller (a public search): the
 * same question within `ttlMs` is answered from memory, and concurrent misses of one key run
 * one load (lru-cache's `fetch`). Bounded by `max` entries. `ttlMs` 0 turns it off.
 *
 * Asked again between `ttlMs` and twice that, an answer is given at once while one load
 * replaces it (stale-while-revalidate): a popular question's answer is then never waited for,
 * however long it takes to load (a search that ranks every business: 20–50 ms of Postgres,
 * and every caller asking meanwhile waited for it; docs/performance.md). Older than twice
 * `ttlMs`, it is loaded while the caller waits. What it costs: an answer can be up to twice
 * `ttlMs` old, also after another replica's write; this process's writes clear it at once.
 */
export function createReadCache<V extends object>({
  max,
  ttlMs,
}: {
  max: number;
  ttlMs: number;
}): ReadCache<V> {
  if (ttlMs <= 0) return { get: (_key, load) => load(), clear: () => undefined };
  const cache = new LRUCache<string, V, () => Promise<V>>({
    max,
    // Kept for twice its time: the second half is when it is answered while being replaced.
    ttl: 2 * ttlMs,
    fetchMethod: (_key, _stale, { context }) => context(),
  });
  /**
   * Older than `ttlMs` (but not twice that): its replacement starts loading, once, and the old
   * answer is given meanwhile. A clear() aborts that load, and lru-cache keeps nothing of it.
   */
  const answeredWhileLoading = (key: string, load: () => Promise<V>): boolean => {
    const left = cache.getRemainingTTL(key);
    if (left <= 0 || left > ttlMs) return false;
    cache
      .fetch(key, { context: load, forceRefresh: true, allowStale: true })
      .catch(() => undefined);
    return true;
  };
  // clear() aborts the loads in flight, and lru-cache then rejects their callers: those
  // callers load again instead (what they were loading may predate the write that cleared).
  let generation = 0;
  const readCache: ReadCache<V> = {
    async get(key, load) {
      const started = generation;
      const allowStale = answeredWhileLoading(key, load);
      try {
        const value = await cache.fetch(key, { context: load, allowStale });
        // fetchMethod never answers undefined; this only satisfies the type.
        return value ?? (await load());
      } catch (err) {
        if (generation !== started) return readCache.get(key, load);
        throw err;
      }
    },
    clear() {
      generation += 1;
      cache.clear();
    },
  };
  return readCache;
}
