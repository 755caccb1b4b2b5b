import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

export interface ProcessSpec {
  name: string;
  cwd: string;
  command: string;
  args: string[];
  env: Record<string, string>;
  /** Answers when the process is up. */
  healthUrl: string;
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

/**
 * Starts each process with its log lines prefixed by its name, and reports loudly when one
 * dies. Stopping sends SIGTERM (services drain) and SIGKILL after a grace period.
 */
export class Supervisor {
  private readonly children = new Map<string, ChildProcess>();
  private stopping = false;
  private readonly width: number;
  private readonly specs: ProcessSpec[];
  private readonly onCrash: (name: string, code: number | null, signal: string | null) => void;

  constructor(
    specs: ProcessSpec[],
    onCrash: (name: string, code: number | null, signal: string | null) => void,
  ) {
    this.specs = specs;
    this.onCrash = onCrash;
    this.width = Math.max(...specs.map((spec) => spec.name.length));
  }

  prefix(name: string): string {
    const index = this.specs.findIndex((spec) => spec.name === name);
    const color = COLORS[index % COLORS.length];
    const label = name.padEnd(this.width);
    return process.stdout.isTTY ? `\x1b[${color}m${label} |\x1b[0m` : `${label} |`;
  }

  start(): void {
    for (const spec of this.specs) {
      const child = spawn(spec.command, spec.args, {
        cwd: spec.cwd,
        env: { ...process.env, ...spec.env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      this.children.set(spec.name, child);
      const prefix = this.prefix(spec.name);
      for (const stream of [child.stdout, child.stderr]) {
        createInterface({ input: stream }).on('line', (line) => {
          process.stdout.write(`${prefix} ${formatLine(line)}\n`);
        });
      }
      child.on('exit', (code, signal) => {
        this.children.delete(spec.name);
        if (!this.stopping) this.onCrash(spec.name, code, signal);
      });
    }
  }

  async waitHealthy(timeoutMs: number): Promise<string[]> {
    const deadline = Date.now() + timeoutMs;
    const pending = new Set(this.specs.map((spec) => spec.name));
    while (pending.size && Date.now() < deadline) {
      for (const spec of this.specs) {
        if (!pending.has(spec.name)) continue;
        if (!this.children.has(spec.name)) return [spec.name];
        try {
          const res = await fetch(spec.healthUrl, { signal: AbortSignal.timeout(1000) });
          if (res.ok) pending.delete(spec.name);
        } catch {
          // not up yet
        }
      }
      if (pending.size) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    return [...pending];
  }

  async stop(graceMs = 10_000): Promise<void> {
    this.stopping = true;
    const exits = [...this.children.values()].map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
          setTimeout(() => child.kill('SIGKILL'), graceMs).unref();
        }),
    );
    await Promise.all(exits);
  }
}
