/**
 * The groups bench's data, generated with SQL straight into communities' tables: 1,000 groups
 * and 100,000 memberships (10,000 users in 10 groups each, `userId` among them).
 */
import type pg from 'pg';
import { logGenerated } from './env.ts';

export async function seedGroups(admin: pg.Client, userId: number): Promise<void> {
  const generated = Date.now();
  await admin.query(`
    insert into communities.users (id, username, name, version)
      select u, 'user' || u, 'User ' || u, 1 from generate_series(1, 10000) u
      on conflict do nothing;
    insert into communities.groups (name, description, icon, color, creator_id, created_at)
      select 'Group ' || g, 'Generated group number ' || g || ' for the bench.', 'users',
             '#009688', 1 + (g * 7) % 10000, now() - make_interval(mins => 1000 - g)
        from generate_series(1, 1000) g;
    insert into communities.group_members (group_id, user_id)
      select ((i / 10) % 100) + (i % 10) * 100 + 1, i / 10 + 1
        from generate_series(0, 99999) i
      on conflict do nothing;
    update communities.groups g set member_count = m.n
      from (select group_id, count(*)::int as n from communities.group_members group by group_id) m
     where m.group_id = g.id;
    update communities.groups set review_count = (id * 13) % 200;
  `);
  // The steady state autovacuum keeps: statistics and the visibility map.
  await admin.query('vacuum analyze communities.groups, communities.group_members');
  const counts = await admin.query(
    `select (select count(*)::int from communities.groups) as groups,
            (select count(*)::int from communities.group_members) as members,
            (select count(*)::int from communities.group_members where user_id = $1) as mine`,
    [userId],
  );
  logGenerated(counts.rows[0], generated);
}
