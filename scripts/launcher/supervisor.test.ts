import { freePort } from '@trustcircle/testing';
import { DEFAULT_BACKOFF, nextDelay, Supervisor, type ProcessSpec } from './supervisor.ts';
import { setTimeout as sleep } from 'node:timers/promises';

/** A real child: answers /healthz with its pid on PORT, or exits at once with CRASH=1. */
const CHILD = `
if (process.env.CRASH) process.exit(3);
const server = require('node:http').createServer((req, res) => {
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify({ pid: process.pid }));
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('listening ' + process.pid));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
`;

async function spec(name: string, extra: Record<string, string> = {}): Promise<ProcessSpec> {
  const port = await freePort();
  return {
    name,
    cwd: __dirname,
    command: process.execPath,
    args: ['-e', CHILD],
    env: { PORT: String(port), ...extra },
    healthUrl: `http://127.0.0.1:${port}/healthz`,
  };
}

/** The pid answering `spec`'s health URL, or null when nothing answers. */
async function answeringPid(target: ProcessSpec): Promise<number | null> {
  try {
    const res = await fetch(target.healthUrl, { signal: AbortSignal.timeout(500) });
    return ((await res.json()) as { pid: number }).pid;
  } catch {
    return null;
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('Supervisor', () => {
  let supervisor: Supervisor | undefined;
  let lines: string[];
  const options = () => ({ say: (line: string) => lines.push(line), write: () => undefined });

  beforeEach(() => {
    lines = [];
  });
  afterEach(async () => {
    await supervisor?.stop(2000);
    supervisor = undefined;
  });

  /** Two healthy processes `a` and `b` under a new supervisor. */
  async function startTwo(): Promise<{ a: ProcessSpec; b: ProcessSpec; running: Supervisor }> {
    const a = await spec('a');
    const b = await spec('b');
    const running = new Supervisor([a, b], options());
    supervisor = running;
    running.start();
    expect(await running.waitHealthy(10_000)).toEqual([]);
    return { a, b, running };
  }

  it('restarts a process killed with SIGKILL within 5 s while the others keep serving', async () => {
    const { a, b, running } = await startTwo();
    const firstA = running.pid('a')!;
    const pidB = running.pid('b')!;
    expect(await answeringPid(a)).toBe(firstA);

    process.kill(firstA, 'SIGKILL');
    const killedAt = Date.now();
    let back: number | null = null;
    while (Date.now() - killedAt < 5000) {
      expect(await answeringPid(b)).toBe(pidB);
      back = await answeringPid(a);
      if (back !== null && back !== firstA) break;
      await sleep(100);
    }
    expect(back).not.toBeNull();
    expect(back).not.toBe(firstA);
    expect(back).toBe(running.pid('a'));
    expect(Date.now() - killedAt).toBeLessThan(5000);
    expect(running.pid('b')).toBe(pidB);
    expect(lines.join('\n')).toMatch(/✖ a exited \(signal SIGKILL\) after .*restart 1 in 0\.2 s/);
    expect(lines.join('\n')).toMatch(/↻ a restarted \(pid \d+\)/);
  }, 20_000);

  it('stop() stops every process and restarts none afterwards', async () => {
    const { a, b, running } = await startTwo();
    const pids = [running.pid('a')!, running.pid('b')!];

    // A crash just before stopping leaves a restart pending: stop() must cancel it.
    process.kill(pids[0]!, 'SIGKILL');
    while (!lines.some((line) => line.includes('a exited'))) await sleep(20);
    await running.stop(2000);

    await sleep(DEFAULT_BACKOFF.initialMs * 3);
    expect(pids.filter(alive)).toEqual([]);
    expect(running.pid('a')).toBeUndefined();
    expect(running.pid('b')).toBeUndefined();
    expect(await answeringPid(a)).toBeNull();
    expect(await answeringPid(b)).toBeNull();
    // b exited on SIGTERM during stop: not a crash, nothing logged for it.
    expect(lines.filter((line) => /restarted|b exited/.test(line))).toEqual([]);
  }, 20_000);

  it('backs off exponentially while a process keeps crashing, and reports it as not started', async () => {
    const crashing = await spec('c', { CRASH: '1' });
    supervisor = new Supervisor([crashing], {
      ...options(),
      backoff: { initialMs: 100, maxMs: 400, resetAfterMs: 60_000 },
    });
    supervisor.start();
    expect(await supervisor.waitHealthy(5000)).toEqual(['c']);
    const deadline = Date.now() + 10_000;
    while (lines.filter((line) => line.includes('c exited')).length < 4 && Date.now() < deadline)
      await sleep(50);
    const delays = lines
      .filter((line) => line.includes('c exited'))
      .slice(0, 4)
      .map((line) => /exited \(code 3\) .* in ([\d.]+) s/.exec(line)?.[1]);
    expect(delays).toEqual(['0.1', '0.2', '0.4', '0.4']);
  }, 20_000);
});

describe('nextDelay', () => {
  const backoff = DEFAULT_BACKOFF;

  it('doubles from 0.2 s up to 10 s while the process keeps crashing', () => {
    const waits: number[] = [];
    let current = backoff.initialMs;
    for (let i = 0; i < 7; i += 1) {
      const { wait, next } = nextDelay(backoff, current, 1000);
      waits.push(wait);
      current = next;
    }
    expect(waits).toEqual([200, 400, 800, 1600, 3200, 6400, 10_000]);
  });

  it('starts again from 0.2 s once the process stayed up 30 s', () => {
    expect(nextDelay(backoff, 10_000, 29_999).wait).toBe(10_000);
    expect(nextDelay(backoff, 10_000, 30_000)).toEqual({ wait: 200, next: 400 });
  });
});
