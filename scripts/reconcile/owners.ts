import type { Check } from './engine.ts';
import { countOf, type Sql } from './db.ts';
import { mirrorCheck } from './mirror.ts';

/**
 * Issue 18's projections: catalog's names of claimants and owners (identity's users; `--fix`
 * also fills them for members who registered before catalog kept them), and reviews' copy of
 * catalog's owners, which decides who may reply.
 */
const reviewsOwners: Check = {
  name: 'reviews.business_owners',
  source: 'catalog.business_owners',
  async find(query: Sql) {
    const rows = await query<{ business: number; owner: number; missing: boolean }>(
      `select coalesce(s.business_id, p.business_id) as business,
              coalesce(s.user_id, p.user_id) as owner, p.user_id is null as missing
         from catalog.business_owners s
         full join reviews.business_owners p
           on p.business_id = s.business_id and p.user_id = s.user_id
        where s.user_id is null or p.user_id is null
        order by 1, 2`,
    );
    return {
      checked: await countOf(query, 'catalog.business_owners'),
      drift: rows.map((row) => ({
        key: `${row.business}-${row.owner}`,
        detail: row.missing ? 'missing' : 'no source row',
      })),
    };
  },
  async repair(query: Sql, keys: string[]) {
    const pairs = keys.map((key) => key.split('-').map(Number) as [number, number]);
    const [businesses, owners] = [pairs.map((p) => p[0]), pairs.map((p) => p[1])];
    await query(
      `delete from reviews.business_owners p using unnest($1::int[], $2::int[]) as k(b, u)
        where p.business_id = k.b and p.user_id = k.u
          and not exists (select 1 from catalog.business_owners s
                           where s.business_id = k.b and s.user_id = k.u)`,
      [businesses, owners],
    );
    await query(
      `insert into reviews.business_owners (business_id, user_id, approved_at)
       select s.business_id, s.user_id, s.since
         from catalog.business_owners s
         join unnest($1::int[], $2::int[]) as k(b, u) on s.business_id = k.b and s.user_id = k.u
       on conflict do nothing`,
      [businesses, owners],
    );
  },
};

export const OWNER_CHECKS: Check[] = [
  mirrorCheck({
    name: 'catalog.people',
    target: 'catalog.people',
    targetKey: 'id',
    source: 'identity.users',
    columns: { username: 's.username', name: 's.name' },
    version: 's.version',
  }),
  reviewsOwners,
];
