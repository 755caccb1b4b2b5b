import type { BackgroundWorker, Logger, Knex } from '@trustcircle/service-kit';
import { photosStore } from '../store/photos-store';

/** Deletes uploads that no review took within the time allowed (24 hours by default). */
export function createPhotoSweeper(options: {
  db: Knex;
  logger: Logger;
  intervalMs: number;
  orphanTtlMinutes: number;
}): BackgroundWorker & { sweepOnce(): Promise<number> } {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> = Promise.resolve();
  const logger = options.logger.child({ worker: 'photo-sweeper' });
  const sweepOnce = async () => {
    const deleted = await photosStore.deleteUnattached(options.db, options.orphanTtlMinutes);
    if (deleted) logger.info({ deleted }, 'deleted photos no review used');
    return deleted;
  };
  return {
    name: 'photo-sweeper',
    sweepOnce,
    start() {
      timer = setInterval(() => {
        running = sweepOnce().catch((err: unknown) => logger.warn({ err }, 'photo sweep failed'));
      }, options.intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
