import { preparedRows, type Knex } from '@trustcircle/service-kit';
import type { GroupMembership } from '../domain/projection-gaps';
import { toEventFacts, type AuthorAndBusinessFacts } from './projections-store';

/** What writing a review needs to know before it writes anything. */
export interface NewReviewFacts {
  /** The author has a review of this business already. */
  reviewed: boolean;
  business: { known: boolean; highestBusinessId: number | null };
  memberships: { rows: GroupMembership[]; highestGroupId: number | null };
  /** What the review's event says of its author and business. */
  event: AuthorAndBusinessFacts;
}

interface Row {
  reviewed: boolean;
  business_known: boolean;
  highest_business: number | null;
  highest_group: number | null;
  is_verified: boolean | null;
  created_at: Date | null;
  category: string | null;
  groups: { groupId: number; member: boolean | null; groupKnown: boolean }[];
}

/**
 * Everything a new review is checked against, and the author and business facts its event
 * carries, in one statement (four before: a round trip each on every review written). One
 * statement is one snapshot: a business or group is never seen both missing and older than the
 * newest projected (projection-gaps.ts). Read before the review's transaction, as the checks
 * always were: a membership or verification changing in the milliseconds between is the same
 * race the separate reads had.
 */
export async function newReviewFacts(
  db: Knex,
  userId: number,
  businessId: number,
  groupIds: readonly number[],
): Promise<NewReviewFacts> {
  const [row] = await preparedRows<Row>(
    db,
    db.raw(
      `select exists (select 1 from reviews where user_id = ? and business_id = ?) as reviewed,
              b.id is not null as business_known,
              (select max(id) from businesses) as highest_business,
              (select max(id) from groups) as highest_group,
              u.is_verified, u.created_at, b.category,
              (select coalesce(json_agg(json_build_object(
                        'groupId', asked.id,
                        'member', m.member,
                        'groupKnown', exists (select 1 from groups g where g.id = asked.id))
                      order by asked.n), '[]')
                 from unnest(?::int[]) with ordinality as asked(id, n)
                 left join memberships m on m.user_id = ? and m.group_id = asked.id) as groups
         from (select 1) one
         left join users u on u.id = ?
         left join businesses b on b.id = ?`,
      [userId, businessId, [...groupIds], userId, userId, businessId],
    ),
  );
  // One row, always: the outer joins leave what is not known null.
  return {
    reviewed: row!.reviewed,
    business: { known: row!.business_known, highestBusinessId: row!.highest_business },
    memberships: { rows: row!.groups, highestGroupId: row!.highest_group },
    event: toEventFacts(row!),
  };
}
