import { readdirSync, readFileSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

/** The threads sharp's work runs on: libuv's pool (the calls) and libvips' own (the pixels). */
const IMAGE_THREADS = new Set(['libuv-worker', 'libvips worker']);

/**
 * Lowers the CPU priority (raises the nice value) of this process's image worker threads, so
 * that when the cores are contended the scheduler favours the event loop, Postgres and the
 * other services over decoding: uploads take what is left, reads keep their latency. Linux
 * only (a nice value is per thread there); elsewhere, or with `nice` 0, it does nothing.
 * libvips starts threads lazily, so this runs around every decode; it reads a few /proc files.
 */
export function lowerImageThreadPriority(nice: number): void {
  if (nice <= 0 || process.platform !== 'linux') return;
  let tasks: string[];
  try {
    tasks = readdirSync('/proc/self/task');
  } catch {
    return;
  }
  for (const task of tasks) {
    try {
      const tid = Number(task);
      if (!IMAGE_THREADS.has(readFileSync(`/proc/self/task/${task}/comm`, 'utf8').trim())) continue;
      if (getPriority(tid) < nice) setPriority(tid, nice);
    } catch {
      // The thread has ended, or the value cannot be changed: decoding goes on regardless.
    }
  }
}
