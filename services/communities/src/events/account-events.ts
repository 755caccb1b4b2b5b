import type { ReviewDeletedEventData, UserDeletedEventData } from '@trustcircle/contracts';
import type { Knex } from '@trustcircle/service-kit';
import { groupsStore } from '../store/groups-store';
import { projectionsStore } from '../store/projections-store';

/**
 * A member left the platform (docs/events.md, `identity.user.deleted`): their memberships end
 * and the groups' counts follow, and their display data goes. No `communities.member.left` is
 * published: reviews forgets its copy of the memberships from the same event, and a leave
 * event would only write a "was a member until" row back there. Groups they created stay.
 */
export async function forgetUser(trx: Knex.Transaction, user: UserDeletedEventData) {
  for (const groupId of await groupsStore.groupIdsOf(trx, user.id)) {
    await groupsStore.removeMember(trx, groupId, user.id);
  }
  await projectionsStore.deleteUser(trx, user.id);
}

/** A review deleted for good leaves every group's count, and its row goes. */
export async function dropReview(trx: Knex.Transaction, review: ReviewDeletedEventData) {
  const { version } = await projectionsStore.lockReview(trx, review.id);
  if (review.version <= version) return;
  const { current } = await projectionsStore.lockTags(trx, review.id, []);
  await projectionsStore.retag(trx, review.id, { added: [], removed: current });
  await projectionsStore.deleteReview(trx, review.id);
}
