import type { SuggestedPerson } from '@trustcircle/contracts';
import type { Knex } from '@trustcircle/service-kit';
import { MAX_ID, take, viewsOf, type PageArgs, type ReviewView } from './review-cards';

/**
 * The home's "All activity" (issue 17): the whole community's newest published reviews, one
 * backward range of the primary key (hidden ones skipped), whoever wrote them.
 */
export function communityFeedPage(
  db: Knex,
  viewerId: number,
  page: PageArgs,
): Promise<ReviewView[]> {
  return viewsOf(
    db,
    {
      range: (columns) => `select ${columns} from reviews r
        where not r.hidden and r.id < ? order by r.id desc limit ${take(page)}`,
    },
    [page.before ?? MAX_ID],
    viewerId,
  );
}

/**
 * The home's "Following" (issue 18): the newest published reviews by the people the viewer
 * follows (reviews' projection of social's follows), one backward range of the primary key.
 */
export function followingFeedPage(
  db: Knex,
  viewerId: number,
  page: PageArgs,
): Promise<ReviewView[]> {
  return viewsOf(
    db,
    {
      range: (columns) => `select ${columns} from reviews r
         join follows f on f.followee_id = r.user_id and f.follower_id = ? and f.following
        where not r.hidden and r.id < ? order by r.id desc limit ${take(page)}`,
    },
    [viewerId, page.before ?? MAX_ID],
    viewerId,
  );
}

/**
 * "People to follow" (issue 18): members of the viewer's groups, not the viewer and not
 * followed yet, who wrote published reviews, most reviews first (then the most recent).
 */
export async function peopleToFollow(
  db: Knex,
  viewerId: number,
  limit: number,
): Promise<SuggestedPerson[]> {
  const { rows } = await db.raw<{ rows: SuggestedPerson[] }>(
    `select u.id, u.username, u.name, u.avatar, u.is_verified as "isVerified",
            count(*)::int as "reviewCount"
       from (select distinct theirs.user_id
               from memberships mine
               join memberships theirs on theirs.group_id = mine.group_id and theirs.member
              where mine.user_id = ? and mine.member and theirs.user_id <> ?) p
       join users u on u.id = p.user_id
       join reviews r on r.user_id = p.user_id and not r.hidden
      where not exists (select 1 from follows f where f.follower_id = ?
                          and f.followee_id = p.user_id and f.following)
      group by u.id
      order by count(*) desc, max(r.id) desc
      limit ?`,
    [viewerId, viewerId, viewerId, limit],
  );
  return rows;
}
