const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Polls `probe` until `accept` holds for its answer or the time is up, and answers the last
 * answer either way: the assertion that follows then shows what was there instead.
 */
export async function eventually<T>(
  probe: () => Promise<T> | T,
  accept: (value: T) => boolean,
  { timeoutMs = 10_000, intervalMs = 50 } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last = await probe();
  while (!accept(last) && Date.now() < deadline) {
    await sleep(intervalMs);
    last = await probe();
  }
  return last;
}

/** Polls until `check` holds; fails with what it was waiting for. */
export async function waitFor(
  check: () => Promise<boolean> | boolean,
  { timeoutMs = 15_000, intervalMs = 50, what = 'condition' } = {},
): Promise<void> {
  if (!(await eventually(check, Boolean, { timeoutMs, intervalMs }))) {
    throw new Error(`timed out waiting for ${what}`);
  }
}
