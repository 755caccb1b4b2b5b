/**
 * A process-wide gate for CPU-heavy work (image decoding): at most `concurrency` tasks run at
 * once, at most `maxWaiting` callers wait, in order of arrival, each for a bounded time. A
 * caller that cannot get a turn is refused at once (queue full) or when its wait runs out,
 * so a burst of big uploads answers quickly instead of queueing past the gateway's timeout.
 */
export type CapacityReason = 'queue-full' | 'wait-timeout';

export class CapacityError extends Error {
  override name = 'CapacityError';
  constructor(readonly reason: CapacityReason) {
    super(reason === 'queue-full' ? 'too many tasks are waiting' : 'waited too long for a turn');
  }
}

export interface WorkLimiterOptions {
  /** Tasks running at once (≥ 1). */
  concurrency: number;
  /** Callers waiting at once (≥ 0); one more is refused with `queue-full`. */
  maxWaiting: number;
}

export interface RunOptions {
  /** The longest this call may wait for a turn; ≤ 0 runs only if a turn is free now. */
  waitMs: number;
  /** Aborting while waiting gives the turn up and rejects with the signal's reason. */
  signal?: AbortSignal;
}

export interface WorkLimiter {
  run<T>(task: () => Promise<T>, options: RunOptions): Promise<T>;
  /** Tasks running and callers waiting now. */
  load(): { running: number; waiting: number };
}

export function createWorkLimiter({ concurrency, maxWaiting }: WorkLimiterOptions): WorkLimiter {
  if (!Number.isInteger(concurrency) || concurrency < 1) {
    throw new RangeError(`concurrency must be a positive integer, not ${concurrency}`);
  }
  let running = 0;
  const waiting: { grant(): void }[] = [];

  const release = () => {
    running -= 1;
    // The freed turn goes straight to the oldest waiter, so a newcomer cannot jump the queue.
    waiting.shift()?.grant();
  };

  const acquire = ({ waitMs, signal }: RunOptions): Promise<void> => {
    if (signal?.aborted) return Promise.reject(signal.reason);
    if (running < concurrency && waiting.length === 0) {
      running += 1;
      return Promise.resolve();
    }
    if (waiting.length >= maxWaiting) return Promise.reject(new CapacityError('queue-full'));
    if (waitMs <= 0) return Promise.reject(new CapacityError('wait-timeout'));
    return new Promise((resolve, reject) => {
      const leave = (error: unknown) => {
        const index = waiting.indexOf(waiter);
        if (index >= 0) waiting.splice(index, 1);
        done();
        reject(error);
      };
      const onAbort = () => leave(signal?.reason);
      const timer = setTimeout(() => leave(new CapacityError('wait-timeout')), waitMs);
      const done = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
      };
      const waiter = {
        grant() {
          done();
          running += 1;
          resolve();
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      waiting.push(waiter);
    });
  };

  return {
    async run(task, options) {
      await acquire(options);
      try {
        return await task();
      } finally {
        release();
      }
    },
    load: () => ({ running, waiting: waiting.length }),
  };
}
