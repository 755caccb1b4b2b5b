/**
 * Issue 20's scale data: `loadScaleData(database, 'L')` fills a bench database (bench/support/
 * database.ts, with a role per service of SCALE_SERVICES) with 1M reviews by 100k users of 20k
 * businesses in 2k groups, every projection and counter consistent with its source (the
 * reconciler finds no drift), through bulk SQL (`insert … select` over generate_series and
 * staging tables). Deterministic: a size always gives the same rows (times move with the day
 * it is loaded: reviews span the year before the load).
 *
 * For benches: every user signs in with BENCH_PASSWORD; user 1 is `bench_user`, in about 20 groups,
 * like users 1..heavyMembers (`heavyMemberIds`); business 1 has the most reviews, and ids
 * further on fewer (`businessesByReviews`).
 */
import { hashPassword } from '../../services/identity/src/domain/passwords.ts';
import type { BenchDatabase } from './database.ts';
import { loadInto, type LoadReport } from './scale/load.ts';
import { migrateServices } from './scale/migrate.ts';
import { BENCH_PASSWORD } from './scale/bench-users.ts';
import { SCALE_SIZES, type ScaleSize } from './scale/sizes.ts';

export {
  BENCH_PASSWORD,
  BENCH_USERNAME,
  businessesByReviews,
  groupsByReviews,
  heavyMemberIds,
} from './scale/bench-users.ts';
export { SCALE_SERVICES } from './scale/migrate.ts';
export { SCALE_SIZES, isScaleSize, type ScaleSize } from './scale/sizes.ts';
export { type LoadReport } from './scale/load.ts';

export interface ScaleLoadOptions {
  /** Called as each step finishes (the CLI prints it). */
  onStep?: (step: string, ms: number) => void;
}

export async function loadScaleData(
  database: BenchDatabase,
  size: ScaleSize,
  options: ScaleLoadOptions = {},
): Promise<LoadReport> {
  const started = performance.now();
  await migrateServices(database);
  const migratedMs = performance.now() - started;
  options.onStep?.('migrations', migratedMs);
  // One hash for every user: argon2 takes ~50 ms a hash by design.
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const report = await loadInto(database.adminUrl, SCALE_SIZES[size], passwordHash, options.onStep);
  return {
    ...report,
    steps: [{ step: 'migrations', ms: migratedMs }, ...report.steps],
    totalMs: performance.now() - started,
  };
}
