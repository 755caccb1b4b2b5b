import { HttpError } from '@trustcircle/service-kit';

/**
 * Writes name businesses and groups that reviews knows from other services' events, a few
 * milliseconds behind them (longer while NATS is away). A write never waits for them: what
 * may still be on its way is answered at once with a retryable 409, what cannot be is refused.
 *
 * Catalog and communities hand out ids in increasing order and their events arrive in order,
 * so an id at or below the highest one projected that is still missing does not exist (bar
 * two creations committing out of order within milliseconds); a higher one may be on its way.
 */
export function mayBeArriving(id: number, highestKnownId: number | null): boolean {
  return highestKnownId === null || id > highestKnownId;
}

/** What reviews' projections say of the author and one group a review is shared with. */
export interface GroupMembership {
  groupId: number;
  /** The membership row's flag: false once they left, null when there is no row. */
  member: boolean | null;
  groupKnown: boolean;
}

export type MembershipVerdict = 'member' | 'refused' | 'pending';

/**
 * A membership the projection knows decides (member, or left: refused). Without a row the
 * author may have joined a moment ago, unless the group cannot exist: a known group, or one
 * newer than every projected group, is pending; a missing older one is refused.
 */
export function membershipVerdict(
  rows: GroupMembership[],
  highestGroupId: number | null,
): MembershipVerdict {
  let verdict: MembershipVerdict = 'member';
  for (const row of rows) {
    if (row.member === true) continue;
    const arriving =
      row.member === null && (row.groupKnown || mayBeArriving(row.groupId, highestGroupId));
    if (!arriving) return 'refused';
    verdict = 'pending';
  }
  return verdict;
}

/** A retryable answer: the client tries again after a second, and the projection is there. */
export const stillProcessing = (message: string) =>
  new HttpError(409, message, undefined, { 'Retry-After': '1' });
