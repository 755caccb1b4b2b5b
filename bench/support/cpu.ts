/**
 * `BENCH_CPU=1`: where the CPU of a load row went, per request, by process: the bench client,
 * each service and the gateway, Postgres backends by their service's role, NATS. Read from
 * `/proc/<pid>/stat` (user + system time) before and after the row, so a process that starts
 * or ends during the row is left out. Linux only.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

export const cpuWanted = () => Boolean(process.env.BENCH_CPU);

let ticksPerSecond: number | undefined;

/** What a process is, for the table: null for everything that is not part of the bench. */
function groupOf(pid: number, cmdline: string): string | null {
  if (pid === process.pid) return 'bench client';
  const reference = /bench\/reference\/(r1|r2-service|r2-gateway)\.ts/.exec(cmdline);
  if (reference) return reference[1]!;
  // `dist-old/` and the like: a build copied aside, relaunched for an A/B run on a held platform.
  const service = /(?:^|\/)(gateway|services\/([\w-]+))\/dist[\w-]*\//.exec(cmdline);
  if (service) return service[2] ?? service[1]!;
  // Backends show "postgres: [<cluster>: ]<role> <database> …"; bench roles end in _<service>.
  const backend = /^postgres: (?:\S+: )?tc_bench_[0-9a-f]+_([a-z]+) /.exec(cmdline);
  if (backend) return `postgres (${backend[1]})`;
  if (cmdline.startsWith('postgres')) return 'postgres (other)';
  if (/nats-server/.test(cmdline)) return 'nats';
  return null;
}

/** Every process of the bench now running, with its group. */
function benchProcesses(): { pid: number; group: string }[] {
  const found: { pid: number; group: string }[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
      const group = groupOf(pid, cmdline);
      if (group) found.push({ pid, group });
    } catch {
      // The process ended while being read.
    }
  }
  return found;
}

/** CPU milliseconds used so far, per pid, with each pid's group. */
export function cpuSnapshot(): Map<number, { group: string; ms: number }> {
  ticksPerSecond ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());
  const snapshot = new Map<number, { group: string; ms: number }>();
  for (const { pid, group } of benchProcesses()) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // Fields after the command name (which may hold spaces): utime and stime are 14 and 15.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ticks = Number(fields[11]) + Number(fields[12]);
      snapshot.set(pid, { group, ms: (ticks * 1000) / ticksPerSecond });
    } catch {
      // The process ended while being read.
    }
  }
  return snapshot;
}

/**
 * The most resident memory each Node process of the bench (services, gateway) has had so far
 * (`VmHWM`), in MB by group. Postgres backends are left out: their RSS counts shared buffers.
 */
export function peakRssMb(): Map<string, number> {
  const peaks = new Map<string, number>();
  for (const { pid, group } of benchProcesses()) {
    if (group.startsWith('postgres') || group === 'nats' || group === 'bench client') continue;
    try {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      const kb = Number(/^VmHWM:\s+(\d+) kB/m.exec(status)?.[1] ?? 0);
      peaks.set(group, Math.max(peaks.get(group) ?? 0, kb / 1024));
    } catch {
      // The process ended while being read.
    }
  }
  return peaks;
}

/** CPU milliseconds each group used between two snapshots (processes present in both). */
export function cpuByGroup(
  before: Map<number, { group: string; ms: number }>,
  after: Map<number, { group: string; ms: number }>,
): Map<string, number> {
  const byGroup = new Map<string, number>();
  for (const [pid, now] of after) {
    const then = before.get(pid);
    if (!then) continue;
    byGroup.set(now.group, (byGroup.get(now.group) ?? 0) + now.ms - then.ms);
  }
  return byGroup;
}

/** "gateway 0.34, reviews 0.52, …" ms of CPU per request, busiest first, and their sum. */
export function cpuPerRequest(
  before: Map<number, { group: string; ms: number }>,
  after: Map<number, { group: string; ms: number }>,
  requests: number,
): string {
  const rows = [...cpuByGroup(before, after)]
    .filter(([, ms]) => ms > 0)
    .sort((a, b) => b[1] - a[1]);
  const total = rows.reduce((sum, [, ms]) => sum + ms, 0);
  const per = (ms: number) => (ms / requests).toFixed(2);
  return `${rows.map(([group, ms]) => `${group} ${per(ms)}`).join(', ')}; sum ${per(total)}`;
}

/**
 * Resolves once the bench's processes (services, gateway, Postgres, NATS; not this one) have
 * together used under `busyMs` of CPU in each of `quietSeconds` seconds running, or after
 * `timeoutMs` whatever they do; answers how long it waited. Idle, the platform's processes use
 * 100–150 ms a second together (each service's consumers and relay waiting on NATS). A platform just seeded still
 * projects its events for a while: a page measured meanwhile shares the CPU with that work.
 */
export async function untilQuiet(
  options: { busyMs?: number; quietSeconds?: number; timeoutMs?: number } = {},
): Promise<number> {
  const { busyMs = 200, quietSeconds = 2, timeoutMs = 60_000 } = options;
  const total = () =>
    [...cpuSnapshot().values()]
      .filter(({ group }) => group !== 'bench client')
      .reduce((sum, { ms }) => sum + ms, 0);
  const started = Date.now();
  let quiet = 0;
  let before = total();
  while (quiet < quietSeconds && Date.now() - started < timeoutMs) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = total();
    quiet = now - before < busyMs ? quiet + 1 : 0;
    before = now;
  }
  return Date.now() - started;
}
