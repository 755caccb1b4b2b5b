import type { BackgroundWorker, Logger } from '@trustcircle/service-kit';

/**
 * A worker that runs `task` every `intervalMs` (never twice at once: a run that outlasts the
 * interval is waited for by `stop()`, and a failed run is logged, not fatal).
 */
export function periodicWorker(options: {
  name: string;
  logger: Logger;
  intervalMs: number;
  task: () => Promise<unknown>;
}): BackgroundWorker {
  const logger = options.logger.child({ worker: options.name });
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> = Promise.resolve();
  return {
    name: options.name,
    start() {
      timer = setInterval(() => {
        running = options
          .task()
          .catch((err: unknown) => logger.warn({ err }, `${options.name} run failed`));
      }, options.intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
