import type { BackgroundWorker, Logger, Knex } from '@trustcircle/service-kit';
import { photosStore } from '../store/photos-store';
import { periodicWorker } from '../workers/periodic';

/** Deletes uploads that no review took within the time allowed (24 hours by default). */
export function createPhotoSweeper(options: {
  db: Knex;
  logger: Logger;
  intervalMs: number;
  orphanTtlMinutes: number;
}): BackgroundWorker & { sweepOnce(): Promise<number> } {
  const logger = options.logger.child({ worker: 'photo-sweeper' });
  const sweepOnce = async () => {
    const deleted = await photosStore.deleteUnattached(options.db, options.orphanTtlMinutes);
    if (deleted) logger.info({ deleted }, 'deleted photos no review used');
    return deleted;
  };
  return {
    ...periodicWorker({
      name: 'photo-sweeper',
      logger: options.logger,
      intervalMs: options.intervalMs,
      task: sweepOnce,
    }),
    sweepOnce,
  };
}
