import type { GroupEventData } from '@trustcircle/contracts';
import { publish, type Knex } from '@trustcircle/service-kit';
import type { StoredGroup } from '../store/groups-store';

/** What other services project of a group (design §2): its name and look. */
export function groupEventData({ group, version }: StoredGroup): GroupEventData {
  return {
    id: group.id,
    name: group.name,
    color: group.color,
    icon: group.icon,
    creatorId: group.creatorId,
    createdAt: group.createdAt,
    version,
  };
}

export function publishGroupCreated(trx: Knex.Transaction, stored: StoredGroup) {
  return publish(trx, 'communities.group.created', groupEventData(stored));
}

export function publishGroupUpdated(trx: Knex.Transaction, stored: StoredGroup) {
  return publish(trx, 'communities.group.updated', groupEventData(stored));
}

export function publishMemberJoined(
  trx: Knex.Transaction,
  membership: { groupId: number; userId: number; joinedAt: string },
) {
  return publish(trx, 'communities.member.joined', membership);
}

export function publishMemberLeft(
  trx: Knex.Transaction,
  membership: { groupId: number; userId: number; leftAt: string },
) {
  return publish(trx, 'communities.member.left', membership);
}
