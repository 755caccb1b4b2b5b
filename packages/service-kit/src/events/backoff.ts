/**
 * Exponential backoff with full jitter: `attempt` 1 waits up to `baseMs`, each further attempt
 * doubles the ceiling up to `maxMs`. Jitter keeps replicas that failed together from retrying
 * in lockstep.
 */
export function backoffDelay(
  attempt: number,
  { baseMs, maxMs, random = Math.random }: { baseMs: number; maxMs: number; random?: () => number },
): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
  // Never below half the ceiling, so a retry is never immediate.
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}
