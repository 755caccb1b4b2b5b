/**
 * `npm run bench [scenario …]`: runs bench/scenarios/*.ts (or the named ones) one after the
 * other and prints a table. Scenarios import the built workspace packages (dist), so the npm
 * script builds first.
 */
import { readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ScenarioResult } from './types.ts';

const dir = join(import.meta.dirname, 'scenarios');
const available = readdirSync(dir)
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
  .map((file) => basename(file, '.ts'))
  .sort();
const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !available.includes(name));
if (unknown.length) {
  console.error(`Unknown scenario ${unknown.join(', ')}; available: ${available.join(', ')}`);
  process.exit(2);
}

const results: ScenarioResult[] = [];
let failed = false;
for (const name of wanted.length ? wanted : available) {
  console.log(`▶ ${name}`);
  const started = Date.now();
  try {
    const scenario = (await import(pathToFileURL(join(dir, `${name}.ts`)).href)) as {
      run(): Promise<ScenarioResult | ScenarioResult[]>;
    };
    const answer = await scenario.run();
    results.push(...(Array.isArray(answer) ? answer : [answer]));
    console.log(`  done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } catch (error) {
    failed = true;
    console.error(`  ${name} failed: ${(error as Error).stack ?? String(error)}`);
  }
}

const rows = results.map((result) => ({
  scenario: result.name,
  ...Object.fromEntries(
    Object.entries(result.metrics).map(([key, value]) => [
      key,
      typeof value === 'number' ? Number(value.toFixed(2)) : value,
    ]),
  ),
  target: result.target ?? '',
  result: result.pass === undefined ? '' : result.pass ? 'pass' : 'FAIL',
}));
console.table(rows);
if (failed || results.some((result) => result.pass === false)) process.exitCode = 1;
