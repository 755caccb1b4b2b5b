import type { UserDeletedEventData, UserEventData } from '@trustcircle/contracts';
import { publish, type Knex } from '@trustcircle/service-kit';
import type { StoredUser } from '../store/users-store';

/** What other services project of a user (design §2): display fields and trust facts. */
export function userEventData({ user, version }: StoredUser): UserEventData {
  return {
    id: user.id,
    username: user.username,
    name: user.name,
    avatar: user.avatar,
    isVerified: user.isVerified,
    verifiedAt: user.verifiedAt,
    emailConfirmedAt: user.emailConfirmedAt,
    createdAt: user.createdAt,
    version,
  };
}

export function publishUserRegistered(trx: Knex.Transaction, stored: StoredUser) {
  return publish(trx, 'identity.user.registered', userEventData(stored));
}

export function publishUserUpdated(trx: Knex.Transaction, stored: StoredUser) {
  return publish(trx, 'identity.user.updated', userEventData(stored));
}

export function publishUserDeleted(trx: Knex.Transaction, data: UserDeletedEventData) {
  return publish(trx, 'identity.user.deleted', data);
}
