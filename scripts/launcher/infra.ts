import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { setTimeout as sleep } from 'node:timers/promises';

/** A port nothing listens on at `host` right now. */
export function freePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, host, () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Is something accepting TCP connections there? */
export function portOpen(host: string, port: number, timeoutMs = 1000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (open: boolean) => {
      socket.destroy();
      resolve(open);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

export async function postgresAnswers(adminUrl: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

function which(binary: string, extraDirs: string[] = []): string | null {
  const dirs = [...(process.env.PATH ?? '').split(path.delimiter), ...extraDirs];
  for (const dir of dirs) {
    const candidate = path.join(dir, binary);
    if (dir && existsSync(candidate)) return candidate;
  }
  return null;
}

function postgresBinDirs(): string[] {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return [];
  return readdirSync(root)
    .sort()
    .reverse()
    .map((version) => path.join(root, version, 'bin'));
}

export interface ManagedInfra {
  stop(): Promise<void>;
}

/**
 * A private PostgreSQL under .data/postgres, for machines that have the binaries but no running
 * server. As root it runs as the `postgres` user (initdb refuses root).
 */
export async function startPrivatePostgres(
  dataRoot: string,
  port: number,
  log: (line: string) => void,
): Promise<ManagedInfra | string> {
  const binDirs = postgresBinDirs();
  const initdb = which('initdb', binDirs);
  const pgCtl = which('pg_ctl', binDirs);
  if (!initdb || !pgCtl) {
    return 'PostgreSQL is not reachable and not installed: install it (for example `apt-get install postgresql`) or set DATABASE_URL to a running server.';
  }
  const dataDir = path.resolve(dataRoot, 'postgres');
  const asRoot = process.getuid?.() === 0;
  const run = (command: string, args: string[]) =>
    asRoot
      ? spawnSync('runuser', ['-u', 'postgres', '--', command, ...args], { encoding: 'utf8' })
      : spawnSync(command, args, { encoding: 'utf8' });
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    mkdirSync(dataDir, { recursive: true });
    if (asRoot) spawnSync('chown', ['-R', 'postgres', dataDir]);
    log(`initialising a private PostgreSQL in ${dataDir}`);
    const init = run(initdb, ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8']);
    if (init.status !== 0) return `Could not initialise PostgreSQL: ${init.stderr.trim()}`;
  }
  const logFile = path.resolve(dataRoot, 'postgres.log');
  if (asRoot) {
    writeFileSync(logFile, '', { flag: 'a' });
    spawnSync('chown', ['postgres', logFile]);
  }
  const started = run(pgCtl, [
    '-D',
    dataDir,
    '-l',
    logFile,
    '-w',
    '-o',
    `-p ${port} -c listen_addresses=127.0.0.1 -k /tmp`,
    'start',
  ]);
  if (started.status !== 0) return `Could not start PostgreSQL: ${started.stderr.trim()}`;
  log(`started a private PostgreSQL on 127.0.0.1:${port}`);
  return {
    async stop() {
      run(pgCtl, ['-D', dataDir, '-m', 'fast', 'stop']);
    },
  };
}

/** A private NATS with JetStream under .data/nats, when none answers and the binary exists. */
export async function startPrivateNats(
  dataRoot: string,
  host: string,
  port: number,
  log: (line: string) => void,
): Promise<ManagedInfra | string> {
  const binary = which('nats-server', ['/usr/sbin', '/usr/local/bin']);
  if (!binary) {
    return 'NATS is not reachable and nats-server is not installed: install it (for example `apt-get install nats-server`) or set NATS_URL to a running server with JetStream.';
  }
  const storeDir = path.resolve(dataRoot, 'nats');
  mkdirSync(storeDir, { recursive: true });
  const child: ChildProcess = spawn(
    binary,
    ['-a', host, '-p', String(port), '-js', '-sd', storeDir],
    { stdio: 'ignore' },
  );
  for (let i = 0; i < 50; i += 1) {
    if (await portOpen(host, port)) break;
    await sleep(100);
  }
  if (!(await portOpen(host, port))) return 'Could not start nats-server';
  log(`started a private NATS (JetStream) on ${host}:${port}`);
  return {
    async stop() {
      child.kill('SIGTERM');
    },
  };
}
