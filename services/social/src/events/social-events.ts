import { NOTIFICATIONS_PER_EVENT } from '@trustcircle/contracts';
import { afterCommit, publish, type Knex, type Logger } from '@trustcircle/service-kit';
import type { Written } from '../store/notifications-store';

export function publishFollowCreated(
  trx: Knex.Transaction,
  follow: { followerId: number; followeeId: number; createdAt: string },
) {
  return publish(trx, 'social.follow.created', follow);
}

export function publishFollowRemoved(
  trx: Knex.Transaction,
  follow: { followerId: number; followeeId: number; removedAt: string },
) {
  return publish(trx, 'social.follow.removed', follow);
}

/** Announces notifications in the transaction that wrote them. */
export type Announce = (trx: Knex.Transaction, written: Written[]) => Promise<void>;

/**
 * Design §10, written first, then pushed: the outbox tells every social replica (one event per
 * 500), and the streams open on this replica are woken as soon as the transaction commits,
 * without waiting for the relay's and NATS's round trip.
 */
export function announcer(
  wakeHere: (written: Written[]) => Promise<void>,
  logger: Logger,
): Announce {
  return async (trx, written) => {
    if (written.length === 0) return;
    for (let i = 0; i < written.length; i += NOTIFICATIONS_PER_EVENT) {
      const notifications = written.slice(i, i + NOTIFICATIONS_PER_EVENT);
      await publish(trx, 'social.notification.created', { notifications });
    }
    afterCommit(
      trx,
      () => wakeHere(written),
      (err) => logger.warn({ err }, 'waking local notification streams failed'),
    );
  };
}
