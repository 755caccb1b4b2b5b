import type { ReviewSort } from '@trustcircle/contracts';
import type { Knex } from '@trustcircle/service-kit';
import { sortedViewsOf, take, type ReviewView } from './review-cards';

/** Whose reviews: a business's, those shared with a group, or an author's. */
export type ListScope = { businessId: number } | { groupId: number } | { userId: number };

export interface ListFilter {
  stars?: number[];
  withPhotos?: boolean;
  /** A business's reviews shared with this group. */
  groupId?: number;
  /** Only reviews by people this member follows. */
  followedBy?: number;
}

/** Where the previous page ended, in the sort's own keys (`offset` for relevance). */
export interface ListPosition {
  id?: number;
  rating?: number;
  offset?: number;
}

/**
 * "Most relevant": helpful votes, with a verified author counting as three more, on a log
 * scale, less a point per 90 days of age (docs/api.md). Not a stable key (it moves with time
 * and votes), so relevance pages by offset.
 */
const RELEVANCE = `ln(1 + r.helpful_count + case when u.is_verified then 3 else 0 end)
  - extract(epoch from (now() - r.created_at)) / (86400 * 90)`;

const ORDER: Record<ReviewSort, string> = {
  newest: 'r.id desc',
  highest: 'r.rating desc, r.id desc',
  lowest: 'r.rating asc, r.id desc',
  relevant: `${RELEVANCE} desc, r.id desc`,
};

/** After the page's last row, as each sort orders rows. */
function keyset(sort: ReviewSort, after: ListPosition | null): [string, Knex.RawBinding[]] {
  if (!after || sort === 'relevant') return ['', []];
  if (sort === 'newest') return ['and r.id < ?', [after.id!]];
  if (sort === 'highest') return ['and (r.rating, r.id) < (?, ?)', [after.rating!, after.id!]];
  return [
    'and (r.rating > ? or (r.rating = ? and r.id < ?))',
    [after.rating!, after.rating!, after.id!],
  ];
}

/**
 * One page of a business's, group's or author's visible reviews, sorted and filtered, as read views in
 * that order. Every fragment is a constant of this module; user input only ever binds.
 */
export async function sortedPage(
  db: Knex,
  scope: ListScope,
  options: {
    sort: ReviewSort;
    filter: ListFilter;
    after: ListPosition | null;
    limit: number;
  },
  viewerId: number | null,
): Promise<(ReviewView & { rating: number })[]> {
  const { sort, filter, after } = options;
  const where: string[] = [];
  const bindings: Knex.RawBinding[] = [];
  const from =
    'groupId' in scope
      ? 'review_tags t join reviews r on r.id = t.review_id and not t.hidden'
      : 'reviews r';
  if ('businessId' in scope) {
    where.push('r.business_id = ?');
    bindings.push(scope.businessId);
  } else if ('userId' in scope) {
    where.push('r.user_id = ?');
    bindings.push(scope.userId);
  } else {
    where.push('t.group_id = ?');
    bindings.push(scope.groupId);
  }
  where.push('not r.hidden');
  if (filter.stars?.length) {
    where.push('r.rating = any(?::int[])');
    bindings.push(filter.stars as unknown as Knex.RawBinding);
  }
  if (filter.withPhotos) where.push('cardinality(r.photos) > 0');
  if (filter.groupId !== undefined) {
    where.push(
      'exists (select 1 from review_tags g where g.review_id = r.id and g.group_id = ? and not g.hidden)',
    );
    bindings.push(filter.groupId);
  }
  if (filter.followedBy !== undefined) {
    where.push(
      'exists (select 1 from follows f where f.follower_id = ? and f.followee_id = r.user_id and f.following)',
    );
    bindings.push(filter.followedBy);
  }
  const [after_, afterBindings] = keyset(sort, after);
  const users = sort === 'relevant' ? 'left join users u on u.id = r.user_id' : '';
  const offset = sort === 'relevant' ? `offset ${Math.max(0, Math.trunc(after?.offset ?? 0))}` : '';
  const source = `select id, row_number() over () as pos from (
      select r.id from ${from} ${users}
       where ${where.join(' and ')} ${after_}
       order by ${ORDER[sort]}
       limit ${take({ before: null, limit: options.limit })} ${offset}) sorted`;
  return sortedViewsOf(db, { ids: source }, [...bindings, ...afterBindings], viewerId);
}
