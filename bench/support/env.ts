/** Where the bench finds the machine's Postgres and NATS, and small shared utilities. */
import { join } from 'node:path';

export const ADMIN_URL =
  process.env.BENCH_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
/** The repository root (builds are under `<root>/services/<name>/dist`). */
export const ROOT = join(import.meta.dirname, '..', '..');

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
