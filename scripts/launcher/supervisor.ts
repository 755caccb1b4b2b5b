import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { say, seconds } from './output.ts';
import { setTimeout as sleep } from 'node:timers/promises';

export interface ProcessSpec {
  name: string;
  cwd: string;
  command: string;
  args: string[];
  env: Record<string, string>;
  /** Answers when the process is up. */
  healthUrl: string;
}

/**
 * Restart delays: the first restart after `initialMs`, doubling to `maxMs` while the process
 * keeps crashing; a process that stayed up `resetAfterMs` starts again from `initialMs`.
 */
export interface Backoff {
  initialMs: number;
  maxMs: number;
  resetAfterMs: number;
}

/** Like systemd's RestartSec (100 ms): a one-off crash costs little; a crash loop backs off. */
export const DEFAULT_BACKOFF: Backoff = { initialMs: 200, maxMs: 10_000, resetAfterMs: 30_000 };

export interface SupervisorOptions {
  backoff?: Partial<Backoff>;
  /** The supervisor's own lines (crashes, restarts). */
  say?: (line: string) => void;
  /** Every process's output, one prefixed line at a time. */
  write?: (line: string) => void;
}

const COLORS = [36, 35, 33, 32, 34, 31, 96, 95, 93];
const LEVELS: Record<number, string> = {
  10: 'trace',
  20: 'debug',
  30: 'info',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};

/** pino's JSON made readable for a terminal; anything else passes through. */
export function formatLine(line: string): string {
  if (!line.startsWith('{')) return line;
  try {
    const entry = JSON.parse(line) as Record<string, unknown>;
    const {
      level,
      time,
      msg,
      service: _service,
      pid: _pid,
      hostname: _host,
      req,
      res,
      responseTime,
      ...rest
    } = entry;
    const parts = [LEVELS[level as number] ?? String(level), String(msg ?? '')];
    const request = req as { method?: string; url?: string } | undefined;
    const response = res as { statusCode?: number } | undefined;
    if (request?.method)
      parts.push(
        `${request.method} ${request.url} → ${response?.statusCode ?? ''} ${responseTime ?? ''}ms`,
      );
    const extra = Object.entries(rest).filter(([key]) => key !== 'reqId');
    if (extra.length) parts.push(JSON.stringify(Object.fromEntries(extra)));
    const clock = typeof time === 'string' ? time.slice(11, 19) : '';
    return `${clock} ${parts.filter(Boolean).join('  ')}`;
  } catch {
    return line;
  }
}

/** The delay before the next restart, and the delay after that one. */
export function nextDelay(
  backoff: Backoff,
  current: number,
  uptimeMs: number,
): { wait: number; next: number } {
  const wait = uptimeMs >= backoff.resetAfterMs ? backoff.initialMs : current;
  return { wait, next: Math.min(wait * 2, backoff.maxMs) };
}

interface Slot {
  spec: ProcessSpec;
  child: ChildProcess | null;
  startedAt: number;
  delayMs: number;
  restarts: number;
  healthy: boolean;
  /** Exited before it ever answered its health URL: a start-up failure, not a crash. */
  failedToStart: boolean;
  timer: NodeJS.Timeout | null;
}

/**
 * A small process manager: starts each process with its log lines prefixed by its name, and
 * restarts one that exits with exponential backoff while the others keep serving. Stopping
 * cancels pending restarts, sends SIGTERM (services drain) and SIGKILL after a grace period.
 */
export class Supervisor {
  private readonly slots: Slot[];
  private stopping = false;
  private readonly width: number;
  private readonly backoff: Backoff;
  private readonly say: (line: string) => void;
  private readonly write: (line: string) => void;

  constructor(specs: ProcessSpec[], options: SupervisorOptions = {}) {
    this.backoff = { ...DEFAULT_BACKOFF, ...options.backoff };
    this.say = options.say ?? say;
    this.write = options.write ?? ((line) => process.stdout.write(`${line}\n`));
    this.width = Math.max(...specs.map((spec) => spec.name.length));
    this.slots = specs.map((spec) => ({
      spec,
      child: null,
      startedAt: 0,
      delayMs: this.backoff.initialMs,
      restarts: 0,
      healthy: false,
      failedToStart: false,
      timer: null,
    }));
  }

  prefix(name: string): string {
    const index = this.slots.findIndex((slot) => slot.spec.name === name);
    const color = COLORS[index % COLORS.length];
    const label = name.padEnd(this.width);
    return process.stdout.isTTY ? `\x1b[${color}m${label} |\x1b[0m` : `${label} |`;
  }

  start(): void {
    for (const slot of this.slots) this.spawn(slot);
  }

  /** The running process of `name`, if any (tests and the launcher's messages). */
  pid(name: string): number | undefined {
    return this.slots.find((slot) => slot.spec.name === name)?.child?.pid;
  }

  private spawn(slot: Slot): void {
    if (this.stopping) return;
    const { spec } = slot;
    const child = spawn(spec.command, spec.args, {
      cwd: spec.cwd,
      env: { ...process.env, ...spec.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    slot.child = child;
    slot.startedAt = Date.now();
    const prefix = this.prefix(spec.name);
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on('line', (line) => {
        this.write(`${prefix} ${formatLine(line)}`);
      });
    }
    child.on('error', (error) => this.say(`✖ ${spec.name} could not start: ${error.message}`));
    child.on('exit', (code, signal) => this.exited(slot, child, code, signal));
  }

  private exited(
    slot: Slot,
    child: ChildProcess,
    code: number | null,
    signal: NodeJS.Signals | null,
  ): void {
    if (slot.child !== child) return;
    slot.child = null;
    if (this.stopping) return;
    if (!slot.healthy) slot.failedToStart = true;
    const uptime = Date.now() - slot.startedAt;
    const { wait, next } = nextDelay(this.backoff, slot.delayMs, uptime);
    slot.delayMs = next;
    slot.restarts += 1;
    const crashedAt = Date.now();
    this.say(
      `✖ ${slot.spec.name} exited (${signal ? `signal ${signal}` : `code ${code}`}) after ` +
        `${seconds(uptime)}; restart ${slot.restarts} in ${seconds(wait)} — the others keep serving`,
    );
    slot.timer = setTimeout(() => {
      slot.timer = null;
      if (this.stopping) return;
      this.spawn(slot);
      this.say(`↻ ${slot.spec.name} restarted (pid ${slot.child?.pid})`);
      void this.watchRecovery(slot, crashedAt);
    }, wait);
  }

  /** Logs when a restarted process answers again, so the log shows how long it was away. */
  private async watchRecovery(slot: Slot, crashedAt: number): Promise<void> {
    const child = slot.child;
    while (!this.stopping && slot.child === child && child) {
      if (await this.answers(slot.spec)) {
        slot.healthy = true;
        this.say(`✔ ${slot.spec.name} is back, ${seconds(Date.now() - crashedAt)} after it exited`);
        return;
      }
      await sleep(200);
    }
  }

  private async answers(spec: ProcessSpec): Promise<boolean> {
    try {
      const res = await fetch(spec.healthUrl, { signal: AbortSignal.timeout(1000) });
      await res.body?.cancel();
      return res.ok;
    } catch {
      return false;
    }
  }

  /**
   * Waits until every process answers its health URL. Returns the names that did not: all still
   * pending at the deadline, or at once the first that exited before it ever answered.
   */
  async waitHealthy(timeoutMs: number): Promise<string[]> {
    const deadline = Date.now() + timeoutMs;
    const pending = new Set(this.slots);
    while (pending.size && Date.now() < deadline) {
      for (const slot of pending) {
        if (slot.failedToStart) return [slot.spec.name];
        if (slot.child && (await this.answers(slot.spec))) {
          slot.healthy = true;
          pending.delete(slot);
        }
      }
      if (pending.size) await sleep(250);
    }
    return [...pending].map((slot) => slot.spec.name);
  }

  /** Stops everything; nothing is restarted from here on. */
  async stop(graceMs = 10_000): Promise<void> {
    this.stopping = true;
    for (const slot of this.slots) {
      if (slot.timer) clearTimeout(slot.timer);
      slot.timer = null;
    }
    const exits = this.slots.map(
      ({ child }) =>
        new Promise<void>((resolve) => {
          if (!child || child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
          setTimeout(() => child.kill('SIGKILL'), graceMs).unref();
        }),
    );
    await Promise.all(exits);
  }
}
