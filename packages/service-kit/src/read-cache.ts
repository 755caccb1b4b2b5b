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
 * one load (lru-cache's `fetch`). Bounded by `max` entries. `ttlMs` 0 turns it off. What it
 * costs: an answer can be up to `ttlMs` old, also after another replica's write.
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
    ttl: ttlMs,
    fetchMethod: (_key, _stale, { context }) => context(),
  });
  // clear() aborts the loads in flight, and lru-cache then rejects their callers: those
  // callers load again instead (what they were loading may predate the write that cleared).
  let generation = 0;
  const readCache: ReadCache<V> = {
    async get(key, load) {
      const started = generation;
      try {
        const value = await cache.fetch(key, { context: load });
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
