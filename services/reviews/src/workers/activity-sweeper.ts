import type { BackgroundWorker, Knex, Logger } from '@trustcircle/service-kit';
import { FLAG_HOURS } from '../domain/burst';
import { clearExpiredFlags } from '../domain/unusual-activity';
import { periodicWorker } from './periodic';

/** Clears unusual-activity flags older than `flagHours` (FLAG_HOURS by default). */
export function createActivitySweeper(options: {
  db: Knex;
  logger: Logger;
  intervalMs: number;
  flagHours?: number;
}): BackgroundWorker & { sweepOnce(now?: Date): Promise<number> } {
  const logger = options.logger.child({ worker: 'activity-sweeper' });
  const sweepOnce = async (now = new Date()) => {
    const cleared = await clearExpiredFlags(options.db, now, options.flagHours ?? FLAG_HOURS);
    if (cleared) logger.info({ cleared }, 'cleared unusual-activity flags that ran their course');
    return cleared;
  };
  return {
    ...periodicWorker({
      name: 'activity-sweeper',
      logger: options.logger,
      intervalMs: options.intervalMs,
      task: sweepOnce,
    }),
    sweepOnce,
  };
}
