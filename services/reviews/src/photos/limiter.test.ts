import fc from 'fast-check';
import { CapacityError, createWorkLimiter, type WorkLimiter } from './limiter';

/** A task that runs until `finish()` is called. */
function gated(log: string[], name: string) {
  let finish!: () => void;
  const finished = new Promise<void>((resolve) => (finish = resolve));
  return {
    task: async () => {
      log.push(`start ${name}`);
      await finished;
      log.push(`end ${name}`);
      return name;
    },
    finish: () => finish(),
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));
const reasonOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'ran',
    (error: unknown) => (error instanceof CapacityError ? error.reason : String(error)),
  );

describe('createWorkLimiter', () => {
  it('runs at most `concurrency` tasks at once and hands turns out in order of arrival', async () => {
    const limiter = createWorkLimiter({ concurrency: 1, maxWaiting: 5 });
    const log: string[] = [];
    const [a, b, c] = ['a', 'b', 'c'].map((name) => gated(log, name));
    const runs = [a!, b!, c!].map(({ task }) => limiter.run(task, { waitMs: 5000 }));
    await tick();
    expect(log).toEqual(['start a']);
    expect(limiter.load()).toEqual({ running: 1, waiting: 2 });
    c!.finish();
    b!.finish();
    a!.finish();
    expect(await Promise.all(runs)).toEqual(['a', 'b', 'c']);
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
    expect(limiter.load()).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses at once when the wait queue is full', async () => {
    const limiter = createWorkLimiter({ concurrency: 1, maxWaiting: 1 });
    const log: string[] = [];
    const first = gated(log, 'first');
    const running = limiter.run(first.task, { waitMs: 5000 });
    const queued = limiter.run(async () => 'queued', { waitMs: 5000 });
    const started = Date.now();
    expect(await reasonOf(limiter.run(async () => 'late', { waitMs: 5000 }))).toBe('queue-full');
    expect(Date.now() - started).toBeLessThan(1000);
    first.finish();
    expect(await running).toBe('first');
    expect(await queued).toBe('queued');
  });

  it('refuses a caller whose wait runs out, and the queue moves on without it', async () => {
    const limiter = createWorkLimiter({ concurrency: 1, maxWaiting: 5 });
    const log: string[] = [];
    const slow = gated(log, 'slow');
    const running = limiter.run(slow.task, { waitMs: 0 });
    const impatient = reasonOf(limiter.run(async () => 'impatient', { waitMs: 30 }));
    const patient = limiter.run(async () => 'patient', { waitMs: 5000 });
    expect(await impatient).toBe('wait-timeout');
    expect(limiter.load()).toEqual({ running: 1, waiting: 1 });
    // Without a free turn, a caller that may not wait is refused at once.
    expect(await reasonOf(limiter.run(async () => 'now', { waitMs: 0 }))).toBe('wait-timeout');
    slow.finish();
    await running;
    expect(await patient).toBe('patient');
    expect(limiter.load()).toEqual({ running: 0, waiting: 0 });
  });

  it('gives up the place in the queue when the caller aborts', async () => {
    const limiter = createWorkLimiter({ concurrency: 1, maxWaiting: 5 });
    const log: string[] = [];
    const slow = gated(log, 'slow');
    const running = limiter.run(slow.task, { waitMs: 0 });
    const controller = new AbortController();
    const aborted = limiter.run(async () => log.push('aborted ran'), {
      waitMs: 5000,
      signal: controller.signal,
    });
    controller.abort(new Error('client gone'));
    await expect(aborted).rejects.toThrow('client gone');
    expect(limiter.load()).toEqual({ running: 1, waiting: 0 });
    await expect(
      limiter.run(async () => 'never', { waitMs: 5000, signal: controller.signal }),
    ).rejects.toThrow('client gone');
    slow.finish();
    await running;
    expect(log).not.toContain('aborted ran');
  });

  it('frees the turn when a task fails', async () => {
    const limiter = createWorkLimiter({ concurrency: 1, maxWaiting: 5 });
    const failing = limiter.run(
      async () => {
        throw new Error('bad image');
      },
      { waitMs: 0 },
    );
    const next = limiter.run(async () => 'next', { waitMs: 1000 });
    await expect(failing).rejects.toThrow('bad image');
    expect(await next).toBe('next');
  });

  it('refuses a concurrency below one', () => {
    expect(() => createWorkLimiter({ concurrency: 0, maxWaiting: 1 })).toThrow(RangeError);
  });

  it('never runs more than `concurrency` tasks nor queues more than `maxWaiting` callers', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 0, max: 4 }),
        fc.array(fc.record({ waitMs: fc.constantFrom(0, 1, 50), workMs: fc.nat(3) }), {
          maxLength: 15,
        }),
        async (concurrency, maxWaiting, calls) => {
          const limiter: WorkLimiter = createWorkLimiter({ concurrency, maxWaiting });
          let running = 0;
          let most = 0;
          let mostWaiting = 0;
          const outcomes = await Promise.all(
            calls.map(({ waitMs, workMs }) => {
              const outcome = reasonOf(
                limiter.run(
                  async () => {
                    running += 1;
                    most = Math.max(most, running);
                    await new Promise((resolve) => setTimeout(resolve, workMs));
                    running -= 1;
                  },
                  { waitMs },
                ),
              );
              mostWaiting = Math.max(mostWaiting, limiter.load().waiting);
              return outcome;
            }),
          );
          expect(most).toBeLessThanOrEqual(concurrency);
          expect(mostWaiting).toBeLessThanOrEqual(maxWaiting);
          // Up to `concurrency` callers always get a turn straight away.
          expect(outcomes.slice(0, concurrency).every((outcome) => outcome === 'ran')).toBe(true);
          expect(limiter.load()).toEqual({ running: 0, waiting: 0 });
        },
      ),
      { numRuns: 40 },
    );
  });
});
