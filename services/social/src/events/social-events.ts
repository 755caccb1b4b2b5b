import { NOTIFICATIONS_PER_EVENT } from '@trustcircle/contracts';
import { publish, type Knex } from '@trustcircle/service-kit';
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

/**
 * Announces notifications in the transaction that wrote them (design §10: written first, then
 * pushed): every social replica hears the subject and wakes the recipient's open streams.
 */
export async function publishWritten(trx: Knex.Transaction, written: Written[]): Promise<void> {
  for (let i = 0; i < written.length; i += NOTIFICATIONS_PER_EVENT) {
    const notifications = written.slice(i, i + NOTIFICATIONS_PER_EVENT);
    await publish(trx, 'social.notification.created', { notifications });
  }
}
