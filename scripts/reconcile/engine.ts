import { setTimeout as sleep } from 'node:timers/promises';
import { ALL_CHECKS } from './checks.ts';
import { openDatabase, type Sql } from './db.ts';

/** One difference between a projection or counter and what its source says it should be. */
export interface Drift {
  /** The row's key in the projection (an id, or `a:b` for a pair). */
  key: string;
  detail: string;
}

export interface Finding {
  /** Rows compared (source rows, plus projection rows that have no source). */
  checked: number;
  drift: Drift[];
}

/**
 * One projection or counter, recomputed from its source. `repair` rewrites the given keys from
 * the source inside the caller's transaction, taking the locks the owning service's writers
 * take, and leaves each projection's version at the source's version, so an event in flight
 * (never newer than the source) changes nothing and any later event still applies.
 */
export interface Check {
  name: string;
  /** What it is compared with, for the report. */
  source: string;
  find(query: Sql): Promise<Finding>;
  repair(query: Sql, keys: string[]): Promise<void>;
}

export interface CheckResult {
  name: string;
  source: string;
  checked: number;
  /** Drift that was still there after the settle wait. */
  drift: Drift[];
  /** With --fix: rows repaired and rows still drifting afterwards. */
  repaired: number;
  remaining: number;
}

export interface ReconcileOptions {
  /** An admin connection to the TrustCircle database (every schema). */
  databaseUrl: string;
  fix?: boolean;
  /**
   * Drift found is checked again after this many seconds and only what persists is reported:
   * right after writes, events may still be on their way to a projection. 0: no recheck.
   */
  settleSeconds?: number;
  /** Called once per check as soon as its result is known (the CLI prints it). */
  onResult?: (result: CheckResult) => void;
}

export interface ReconcileReport {
  results: CheckResult[];
  drifted: number;
  repaired: number;
  remaining: number;
  /** 1 when drift was found and not (all) repaired: what a CronJob or alert watches. */
  exitCode: 0 | 1;
}

export const DEFAULT_SETTLE_SECONDS = 2;

/** Runs every check in order (sources' own counters before the projections fed from them). */
export async function runChecks(
  query: Sql,
  transaction: <T>(work: (query: Sql) => Promise<T>) => Promise<T>,
  checks: readonly Check[],
  options: Omit<ReconcileOptions, 'databaseUrl'>,
): Promise<ReconcileReport> {
  const settle = options.settleSeconds ?? DEFAULT_SETTLE_SECONDS;
  const findings = new Map<Check, Finding>();
  for (const check of checks) findings.set(check, await check.find(query));
  const drifting = checks.filter((check) => findings.get(check)!.drift.length > 0);
  if (settle > 0 && drifting.length > 0) {
    await sleep(settle * 1000);
    for (const check of drifting) {
      const before = new Set(findings.get(check)!.drift.map((d) => d.key));
      const again = await check.find(query);
      findings.set(check, { ...again, drift: again.drift.filter((d) => before.has(d.key)) });
    }
  }

  const results: CheckResult[] = [];
  for (const check of checks) {
    const found = findings.get(check)!;
    const result: CheckResult = {
      name: check.name,
      source: check.source,
      checked: found.checked,
      drift: found.drift,
      repaired: 0,
      remaining: found.drift.length,
    };
    if (options.fix) {
      // Found afresh: an earlier repair (a source counter) may have moved this check's drift.
      const now = await check.find(query);
      if (now.drift.length > 0) {
        await transaction((trx) =>
          check.repair(
            trx,
            now.drift.map((d) => d.key),
          ),
        );
        result.remaining = (await check.find(query)).drift.length;
        result.repaired = Math.max(0, now.drift.length - result.remaining);
      } else result.remaining = 0;
    }
    options.onResult?.(result);
    results.push(result);
  }
  const sum = (pick: (r: CheckResult) => number) => results.reduce((n, r) => n + pick(r), 0);
  const drifted = sum((r) => r.drift.length);
  const remaining = sum((r) => r.remaining);
  return {
    results,
    drifted,
    repaired: sum((r) => r.repaired),
    remaining,
    exitCode: (options.fix ? remaining : drifted) > 0 ? 1 : 0,
  };
}

/** `npm run reconcile` in-process: every check of every service against one database. */
export async function reconcile(options: ReconcileOptions): Promise<ReconcileReport> {
  const db = openDatabase(options.databaseUrl);
  try {
    return await runChecks(db.query, db.transaction, ALL_CHECKS, options);
  } finally {
    await db.close();
  }
}

const EXAMPLES = 5;

/** One line per check: rows checked, drift found with a few example keys, what --fix did. */
export function formatResult(result: CheckResult, fix: boolean): string {
  const head = `${result.name.padEnd(34)} ${String(result.checked).padStart(7)} checked`;
  if (result.drift.length === 0 && !(fix && result.repaired > 0)) return `${head}  ok`;
  const examples = result.drift
    .slice(0, EXAMPLES)
    .map((d) => `${d.key} (${d.detail})`)
    .join(', ');
  const more = result.drift.length > EXAMPLES ? ', …' : '';
  const repair = fix ? `; repaired ${result.repaired}, remaining ${result.remaining}` : '';
  return `${head}  DRIFT ${result.drift.length} vs ${result.source}: ${examples}${more}${repair}`;
}

export function formatSummary(report: ReconcileReport, fix: boolean): string {
  const checks = report.results.length;
  if (report.drifted === 0 && report.repaired === 0) {
    return `reconcile: ${checks} checks, no drift`;
  }
  const drifting = report.results.filter((r) => r.drift.length > 0).length;
  const base = `reconcile: ${checks} checks, ${report.drifted} rows drifted in ${drifting} check(s)`;
  if (!fix) return `${base}; run with --fix to repair`;
  return `${base}; repaired ${report.repaired}, remaining ${report.remaining}`;
}
