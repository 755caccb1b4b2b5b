/**
 * `npm start`: the whole platform on one machine (design §8). This entry imports only Node
 * built-ins and the build step: on a fresh clone nothing is built yet, and the launcher proper
 * (scripts/launcher/launch.ts) imports built @trustcircle packages, so it is loaded only after
 * the build.
 */
import path from 'node:path';
import { ensureBuilt } from './launcher/build.ts';
import { DEPLOYABLES, present } from './launcher/deployables.ts';
import { fail } from './launcher/output.ts';

const root = path.resolve(import.meta.dirname, '..');

// TC_ONLY=identity,gateway runs a subset (e.g. while working on one service).
const only = process.env.TC_ONLY?.split(',').map((name) => name.trim());
const deployables = present(root).filter((d) => !only || only.includes(d.name));
if (deployables.length === 0)
  fail(`TC_ONLY names nothing known (${DEPLOYABLES.map((d) => d.name).join(', ')}).`);

try {
  await ensureBuilt(root, deployables, process.argv.includes('--build'));
  const { launch } = await import('./launcher/launch.ts');
  await launch(root, deployables);
} catch (error) {
  fail(`npm start failed: ${(error as Error).message}`);
}
