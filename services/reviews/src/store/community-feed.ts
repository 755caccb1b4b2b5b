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
