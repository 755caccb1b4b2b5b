import { setTimeout as sleep } from 'node:timers/promises';
import { createReadCache } from './read-cache';

describe('createReadCache', () => {
  const counting = () => {
    let loads = 0;
    return {
      load: async () => {
        loads += 1;
        await sleep(5);
        return { loads };
      },
      loads: () => loads,
    };
  };

  it('answers a key again from memory, and concurrent misses share one load', async () => {
    const cache = createReadCache<{ loads: number }>({ max: 10, ttlMs: 60_000 });
    const source = counting();
    const together = await Promise.all([1, 2, 3].map(() => cache.get('a', source.load)));
    expect(together).toEqual([{ loads: 1 }, { loads: 1 }, { loads: 1 }]);
    expect(await cache.get('a', source.load)).toEqual({ loads: 1 });
    expect(await cache.get('b', source.load)).toEqual({ loads: 2 });
  });

  it('loads again after its time, or after clear()', async () => {
    const cache = createReadCache<{ loads: number }>({ max: 10, ttlMs: 40 });
    const source = counting();
    await cache.get('a', source.load);
    await sleep(60);
    await cache.get('a', source.load);
    expect(source.loads()).toBe(2);
    cache.clear();
    await cache.get('a', source.load);
    expect(source.loads()).toBe(3);
  });

  it('keeps at most max entries, and with no time at all remembers nothing', async () => {
    const bounded = createReadCache<{ loads: number }>({ max: 2, ttlMs: 60_000 });
    const source = counting();
    for (const key of ['a', 'b', 'c', 'a']) await bounded.get(key, source.load);
    expect(source.loads()).toBe(4);
    const off = createReadCache<{ loads: number }>({ max: 10, ttlMs: 0 });
    const direct = counting();
    await off.get('a', direct.load);
    await off.get('a', direct.load);
    expect(direct.loads()).toBe(2);
  });

  it('does not keep a failed load', async () => {
    const cache = createReadCache<{ ok: boolean }>({ max: 10, ttlMs: 60_000 });
    await expect(cache.get('a', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('a', async () => ({ ok: true }))).toEqual({ ok: true });
  });

  it('answers a caller whose load a clear() overtook with a fresh load, not an error', async () => {
    const cache = createReadCache<{ loads: number }>({ max: 10, ttlMs: 60_000 });
    const source = counting();
    const pending = cache.get('a', source.load);
    // A write clears the cache while the first load still runs (lru-cache aborts that fetch).
    cache.clear();
    expect(await pending).toEqual({ loads: 2 });
    // What was loaded before the clear is not what the cache now holds.
    expect(await cache.get('a', source.load)).toEqual({ loads: 2 });
  });
});

describe('createReadCache: an old answer is given while its replacement loads', () => {
  /** Loads that finish only when the test says so. */
  const gated = () => {
    const pending: (() => void)[] = [];
    let loads = 0;
    return {
      load: () => {
        loads += 1;
        const mine = loads;
        return new Promise<{ loads: number }>((resolve) => {
          pending.push(() => resolve({ loads: mine }));
        });
      },
      finish: () => pending.splice(0).forEach((resolve) => resolve()),
      loads: () => loads,
    };
  };

  /** A cache of `ttlMs` holding key `a` from a first load that has finished. */
  const loadedOnce = async (ttlMs: number) => {
    const cache = createReadCache<{ loads: number }>({ max: 10, ttlMs });
    const source = gated();
    const first = cache.get('a', source.load);
    source.finish();
    await first;
    return { cache, source };
  };

  it('answers at once between its time and twice that, and loads the replacement once', async () => {
    const { cache, source } = await loadedOnce(1000);
    // Between its time and twice that, with room for a busy machine's late timer.
    await sleep(1300);
    // The replacement has not finished: these are answered with the old one.
    const answers = await Promise.all([1, 2, 3].map(() => cache.get('a', source.load)));
    expect(answers).toEqual([{ loads: 1 }, { loads: 1 }, { loads: 1 }]);
    expect(source.loads()).toBe(2);
    source.finish();
    await sleep(5);
    expect(await cache.get('a', source.load)).toEqual({ loads: 2 });
    expect(source.loads()).toBe(2);
  });

  it('makes the caller wait for an answer older than twice its time', async () => {
    const { cache, source } = await loadedOnce(50);
    await sleep(150);
    const waiting = cache.get('a', source.load);
    let answered = false;
    void waiting.then(() => (answered = true));
    await sleep(20);
    expect(answered).toBe(false);
    source.finish();
    expect(await waiting).toEqual({ loads: 2 });
  });

  it('keeps nothing of a replacement that a clear() overtook', async () => {
    const { cache, source } = await loadedOnce(1000);
    await sleep(1300);
    expect(await cache.get('a', source.load)).toEqual({ loads: 1 });
    // A write clears the cache while the replacement (load 2) is still loading.
    cache.clear();
    source.finish();
    await sleep(5);
    const after = cache.get('a', source.load);
    source.finish();
    expect(await after).toEqual({ loads: 3 });
  });
});
