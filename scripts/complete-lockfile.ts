/**
 * The registry these machines reach does not carry every platform build of packages that
 * ship native binaries as optional dependencies (@swc/core-darwin-*, @unrs/resolver-binding-*),
 * so `npm install` leaves them out of package-lock.json and `npm ci` then refuses the lockfile
 * as out of sync. This adds an entry for each missing optional platform package, marked with the
 * os/cpu its name declares, so `npm ci` skips it on other platforms exactly as it would with a
 * complete registry. Run after `npm install` changes the lockfile: `node scripts/complete-lockfile.ts`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

interface LockNode {
  version?: string;
  optional?: boolean;
  os?: string[];
  cpu?: string[];
  libc?: string[];
  optionalDependencies?: Record<string, string>;
  dev?: boolean;
}

const OS = ['darwin', 'linux', 'win32', 'android', 'freebsd', 'openharmony', 'sunos', 'netbsd'];
const CPU = ['arm64', 'x64', 'ia32', 'arm', 'ppc64', 's390x', 'riscv64', 'loong64', 'wasm32'];

export function platformOf(name: string): { os?: string[]; cpu?: string[]; libc?: string[] } {
  const parts = name.split('/').pop()!.split('-');
  const os = OS.find((candidate) => parts.includes(candidate));
  const cpu = CPU.find(
    (candidate) =>
      parts.includes(candidate) || (candidate === 'arm' && parts.includes('gnueabihf')),
  );
  const libc = parts.includes('musl') ? 'musl' : parts.includes('gnu') ? 'glibc' : undefined;
  return {
    ...(os ? { os: [os] } : {}),
    ...(cpu ? { cpu: [cpu] } : {}),
    ...(libc ? { libc: [libc] } : {}),
  };
}

export function completeLockfile(lock: { packages: Record<string, LockNode> }): string[] {
  const added: string[] = [];
  for (const [location, node] of Object.entries(lock.packages)) {
    for (const [name, spec] of Object.entries(node.optionalDependencies ?? {})) {
      const nested = `${location ? `${location}/` : ''}node_modules/${name}`;
      if (lock.packages[nested] || lock.packages[`node_modules/${name}`]) continue;
      const platform = platformOf(name);
      if (!platform.os && !platform.cpu) continue; // not a platform build: a real gap, leave it
      lock.packages[`node_modules/${name}`] = {
        version: spec.replace(/^[\^~=]/, ''),
        ...(node.dev ? { dev: true } : {}),
        optional: true,
        ...platform,
      };
      added.push(name);
    }
  }
  return added;
}

if (process.argv[1] === import.meta.filename) {
  const file = path.resolve(process.argv[2] ?? 'package-lock.json');
  const lock = JSON.parse(readFileSync(file, 'utf8')) as { packages: Record<string, LockNode> };
  const added = completeLockfile(lock);
  const sorted = Object.fromEntries(
    Object.entries(lock.packages).sort(([a], [b]) =>
      a === '' ? -1 : b === '' ? 1 : a.localeCompare(b),
    ),
  );
  writeFileSync(file, `${JSON.stringify({ ...lock, packages: sorted }, null, 2)}\n`);
  console.log(
    added.length
      ? `added ${added.length} platform entries: ${added.join(', ')}`
      : 'lockfile complete',
  );
}
