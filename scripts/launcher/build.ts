/**
 * Builds what `npm start` needs and is not built. Node built-ins only: on a fresh clone nothing
 * under dist/ exists, so this runs before anything imports a @trustcircle package
 * (pitfalls.md "First run").
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { buildOutput, type Deployable } from './deployables.ts';
import { say, seconds } from './output.ts';

/** Imported by the launcher itself and by every frontend's static server, whatever runs. */
const SHARED_OUTPUTS = [
  'packages/contracts/dist/src/index.js',
  'packages/http-server/dist/src/index.js',
  'packages/service-kit/dist/src/index.js',
];

/** Build steps still running: stopped when another one fails. */
const running = new Set<ChildProcess>();

/** Runs a build step with its output kept; shown only if the step fails. */
function step(label: string, command: string, args: string[], cwd: string): Promise<void> {
  say(`building ${label}…`);
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    running.add(child);
    const output: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      running.delete(child);
      if (code === 0) {
        say(`built ${label} in ${seconds(Date.now() - started)}`);
        resolve();
        return;
      }
      if (code === null) return reject(new Error(`Building ${label} was stopped.`));
      process.stderr.write(Buffer.concat(output));
      reject(new Error(`Building ${label} failed (exit ${code}); see the output above.`));
    });
  });
}

/** The server projects of tsconfig.build.json, by folder name: what `tsc -b` builds. */
function serverProjects(root: string): string[] {
  const config = JSON.parse(readFileSync(path.join(root, 'tsconfig.build.json'), 'utf8')) as {
    references: { path: string }[];
  };
  return config.references.map((reference) => path.basename(reference.path));
}

/**
 * Server packages with `tsc -b` (incremental: only what is out of date) and, meanwhile, each
 * frontend whose bundle is missing with its webpack build, one after the other. Webpack reads
 * the contracts from source, so it need not wait for tsc; on two cores the two overlap well.
 * `force` (`npm start -- --build`) rebuilds everything.
 */
export async function ensureBuilt(
  root: string,
  deployables: Deployable[],
  force: boolean,
): Promise<void> {
  const missing = (d: Deployable) => !existsSync(buildOutput(root, d));
  const servers = deployables.filter((d) => d.kind !== 'frontend');
  const frontends = deployables.filter((d) => d.kind === 'frontend' && (force || missing(d)));
  const serverBuild =
    force ||
    servers.some(missing) ||
    SHARED_OUTPUTS.some((file) => !existsSync(path.join(root, file)));
  if (!serverBuild && frontends.length === 0) return;

  const started = Date.now();
  const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');
  const server = serverBuild
    ? step(
        `server packages (${serverProjects(root).join(', ')}) with tsc -b`,
        process.execPath,
        [tsc, '-b', 'tsconfig.build.json'],
        root,
      )
    : Promise.resolve();
  const bundles = (async () => {
    for (const frontend of frontends) {
      await step(
        `frontend ${frontend.name} with webpack`,
        'npm',
        ['run', 'build', '--silent', '-w', frontend.workspace],
        root,
      );
    }
  })();
  try {
    await Promise.all([server, bundles]);
  } catch (error) {
    for (const child of running) child.kill('SIGTERM');
    await Promise.allSettled([server, bundles]);
    throw error;
  }
  const stillMissing = deployables.filter(missing);
  if (stillMissing.length) {
    throw new Error(
      `No build output for ${stillMissing.map((d) => `${d.name} (${buildOutput(root, d)})`).join(', ')}.`,
    );
  }
  say(`build finished in ${seconds(Date.now() - started)}`);
}
