/** Where the bench finds the machine's Postgres and NATS, and small shared utilities. */
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export const ADMIN_URL =
  process.env.BENCH_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
/** The repository root (builds are under `<root>/services/<name>/dist`). */
export const ROOT = join(import.meta.dirname, '..', '..');

export { sleep };

/**
 * Polls `check` until it holds; past `timeoutMs` throws "timed out waiting for {what}" (`what`
 * may be a function, to say how far it got). The bench runs against built packages, so it
 * cannot use @trustcircle/testing's `waitFor` (jest-only sources).
 */
export async function waitUntil(
  check: () => Promise<boolean> | boolean,
  what: string | (() => string),
  { timeoutMs = 10_000, intervalMs = 50 } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) {
      throw new Error(`timed out waiting for ${typeof what === 'string' ? what : what()}`);
    }
    await sleep(intervalMs);
  }
}

/** One line on the generated data: its counts, and the seconds since generating began. */
export function logGenerated(counts: unknown, startedAt: number): void {
  const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
  console.log(`  data: ${JSON.stringify(counts)} in ${seconds} s`);
}

/**
 * The names a list knob (`BENCH_X=a,b`) gives, each one of `known`, or undefined when unset; an
 * unknown name is an error naming the known ones, so a misspelt knob never runs nothing.
 */
export function knobNames<T extends string>(
  variable: string,
  known: readonly T[],
): T[] | undefined {
  const names = process.env[variable]?.split(',');
  const unknown = names?.filter((name) => !(known as readonly string[]).includes(name)) ?? [];
  if (unknown.length > 0) {
    throw new Error(`${variable}: no ${unknown.join(', ')} (known: ${known.join(', ')})`);
  }
  return names as T[] | undefined;
}
