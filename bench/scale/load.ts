/**
 * `node bench/scale/load.ts --size L [--keep] [--json]`: loads issue 20's scale data into a
 * throwaway bench database (tc_bench_<tag>, a role per service), printing each step's time, the
 * rows per table, the total and the database's size; then drops it, or with --keep leaves it
 * (and its roles) for inspection and says how to drop it. --json prints one JSON document
 * instead (database, roles, report): the test reads it. Needs the services built.
 */
import { parseArgs } from 'node:util';
import { createBenchDatabase } from '../support/database.ts';
import { isScaleSize, loadScaleData, SCALE_SERVICES, SCALE_SIZES } from '../support/scale-data.ts';
import { runNames } from '../support/services.ts';

const { values } = parseArgs({
  options: {
    size: { type: 'string', default: 'S' },
    keep: { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
  },
});
const size = values.size ?? 'S';
if (!isScaleSize(size)) {
  const sizes = Object.keys(SCALE_SIZES).join('|');
  console.error(`usage: node bench/scale/load.ts --size ${sizes} [--keep] [--json]`);
  process.exit(2);
}

const say = values.json ? () => undefined : (line: string) => console.log(line);
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const { database: name } = runNames();
const roles = SCALE_SERVICES.map((service) => `${name}_${service}`);
const database = await createBenchDatabase(name, SCALE_SERVICES);
say(`scale data ${size} ${JSON.stringify(SCALE_SIZES[size])} into ${name}`);
let keep = values.keep;
try {
  const report = await loadScaleData(database, size, {
    onStep: (step, ms) => say(`  ${step.padEnd(30)} ${seconds(ms).padStart(8)}`),
  });
  if (values.json) console.log(JSON.stringify({ database: name, roles, report }));
  say('rows:');
  for (const [table, rows] of Object.entries(report.rows)) {
    say(`  ${table.padEnd(30)} ${rows.toLocaleString('en').padStart(10)}`);
  }
  say(`total ${seconds(report.totalMs)} (migrations included)`);
  say(`database size ${(report.databaseBytes / 2 ** 20).toFixed(0)} MiB`);
} catch (error) {
  console.error(error);
  process.exitCode = 1;
  keep = false;
} finally {
  if (keep) {
    say(`kept ${name}; drop it with:`);
    say(`  psql -h 127.0.0.1 -U postgres -c 'drop database ${name}'`);
    say(`  psql -h 127.0.0.1 -U postgres -c 'drop role ${roles.join(', ')}'`);
  } else {
    await database.drop();
  }
}
