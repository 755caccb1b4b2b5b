/**
 * `npm run reconcile [-- --fix] [--settle <seconds>]`: recomputes every projection and counter
 * from its source and reports drift, one line per check (docs/operations.md "Reconcile").
 * Exit code 1 when drift was found (without --fix) or is left (with --fix), so a CronJob or an
 * alert can watch it. Connects as the database admin like `npm run grant`:
 *   DATABASE_ADMIN_URL + DATABASE_NAME (as the provisioning Job), or
 *   DATABASE_URL (default: the database `npm start` uses).
 */
import { parseArgs } from 'node:util';
import {
  DEFAULT_SETTLE_SECONDS,
  formatResult,
  formatSummary,
  reconcile,
} from './reconcile/engine.ts';

const USAGE = 'usage: npm run reconcile [-- --fix] [--settle <seconds>]';

function adminUrl(env: NodeJS.ProcessEnv): string {
  if (env.DATABASE_ADMIN_URL) {
    const url = new URL(env.DATABASE_ADMIN_URL);
    url.pathname = `/${env.DATABASE_NAME ?? 'trustcircle'}`;
    return url.toString();
  }
  return env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/trustcircle';
}

function options() {
  try {
    const { values } = parseArgs({
      options: { fix: { type: 'boolean' }, settle: { type: 'string' } },
    });
    const settle = Number(values.settle ?? DEFAULT_SETTLE_SECONDS);
    if (!Number.isFinite(settle) || settle < 0) throw new Error('--settle takes seconds ≥ 0');
    return { fix: values.fix === true, settleSeconds: settle };
  } catch (error) {
    process.stderr.write(`reconcile: ${(error as Error).message}\n${USAGE}\n`);
    process.exit(2);
  }
}

function explain(error: unknown): string {
  // 42P01 undefined table, 3F000 undefined schema: not a database TrustCircle has migrated.
  const code = (error as { code?: string }).code;
  if (code === '42P01' || code === '3F000') {
    return 'no TrustCircle tables in this database: check DATABASE_URL (or DATABASE_ADMIN_URL and DATABASE_NAME)';
  }
  return (error as Error).message;
}

const { fix, settleSeconds } = options();
try {
  const report = await reconcile({
    databaseUrl: adminUrl(process.env),
    fix,
    settleSeconds,
    onResult: (result) => process.stdout.write(`${formatResult(result, fix)}\n`),
  });
  process.stdout.write(`${formatSummary(report, fix)}\n`);
  process.exitCode = report.exitCode;
} catch (error) {
  process.stderr.write(`reconcile: ${explain(error)}\n`);
  process.exitCode = 1;
}
