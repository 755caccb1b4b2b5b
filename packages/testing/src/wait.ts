import type { TestResponse } from './http-client';
import { setTimeout as sleep } from 'node:timers/promises';

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

/** A write answered "still being processed" (409 + Retry-After): a projection is on its way. */
export const isRetryable = (res: TestResponse) =>
  res.status === 409 && res.headers.get('retry-after') !== null;

/** Sends a write again while a projection it names is on its way (as a client would). */
export const retrying = <T>(send: () => Promise<TestResponse<T>>) =>
  eventually(send, (res) => !isRetryable(res), { timeoutMs: 10_000, intervalMs: 100 });
