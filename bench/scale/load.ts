/**
 * `node bench/scale/load.ts --size L [--keep]`: loads issue 20's scale data into a throwaway
 * bench database (tc_bench_<tag>, a role per service), printing each step's time, the rows per
 * table, the total and the database's size; then drops it, or with --keep leaves it (and its
 * roles) for inspection and says how to drop it. Needs the services built (`npm run build`).
 */
import { parseArgs } from 'node:util';
import { createBenchDatabase } from '../support/database.ts';
import { isScaleSize, loadScaleData, SCALE_SERVICES, SCALE_SIZES } from '../support/scale-data.ts';
import { runNames } from '../support/services.ts';

const { values } = parseArgs({
  options: { size: { type: 'string', default: 'S' }, keep: { type: 'boolean', default: false } },
});
const size = values.size ?? 'S';
if (!isScaleSize(size)) {
  console.error(
    `usage: node bench/scale/load.ts --size ${Object.keys(SCALE_SIZES).join('|')} [--keep]`,
  );
  process.exit(2);
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const { database: name } = runNames();
const database = await createBenchDatabase(name, SCALE_SERVICES);
console.log(`scale data ${size} ${JSON.stringify(SCALE_SIZES[size])} into ${name}`);
let keep = values.keep;
try {
  const report = await loadScaleData(database, size, {
    onStep: (step, ms) => console.log(`  ${step.padEnd(30)} ${seconds(ms).padStart(8)}`),
  });
  console.log('rows:');
  for (const [table, rows] of Object.entries(report.rows)) {
    console.log(`  ${table.padEnd(30)} ${rows.toLocaleString('en').padStart(10)}`);
  }
  console.log(`total ${seconds(report.totalMs)} (migrations included)`);
  console.log(`database size ${(report.databaseBytes / 2 ** 20).toFixed(0)} MiB`);
} catch (error) {
  console.error(error);
  process.exitCode = 1;
  keep = false;
} finally {
  if (keep) {
    console.log(`kept ${name}; drop it with:`);
    console.log(`  psql -h 127.0.0.1 -U postgres -c 'drop database ${name}'`);
    const roles = SCALE_SERVICES.map((service) => `${name}_${service}`).join(', ');
    console.log(`  psql -h 127.0.0.1 -U postgres -c 'drop role ${roles}'`);
  } else {
    await database.drop();
  }
}
