import type { Knex } from '@trustcircle/service-kit';
import { take, viewsOf, type PageArgs, type ReviewView } from './reviews-store';

const MAX_ID = 2_147_483_647;

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
    `select id from reviews where not hidden and id < ? order by id desc limit ${take(page)}`,
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
    `select r.id from reviews r
       join follows f on f.followee_id = r.user_id and f.follower_id = ? and f.following
      where not r.hidden and r.id < ? order by r.id desc limit ${take(page)}`,
    [viewerId, page.before ?? MAX_ID],
    viewerId,
  );
}
