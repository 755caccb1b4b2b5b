/**
 * Group reads at scale: 1,000 groups and 100,000 memberships (10,000 users in 10 groups each),
 * generated with SQL straight into the tables. identity, communities and the gateway run as
 * child processes from their builds (so the load generator does not share their event loop),
 * on loopback, in a throwaway database and under a unique stream prefix.
 * autocannon drives `GET /api/groups` (first page of 50) and `GET /api/groups/user` (a user
 * in 10 groups) through the gateway with a session cookie, and straight at the service with
 * a gateway-minted JWT.
 */
import autocannon from 'autocannon';
import pg from 'pg';
import { mintUserToken, registerUser } from '../support/auth.ts';
import { logGenerated } from '../support/env.ts';
import { load } from '../support/load.ts';
import { createBenchRun } from '../support/services.ts';
import type { ScenarioResult } from '../types.ts';

const SECONDS = Number(process.env.BENCH_GROUPS_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_GROUPS_CONNECTIONS ?? 20);
const PORTS = { identity: 14701, communities: 14702, gateway: 14780 };

const reads = (name: string, url: string, headers: Record<string, string>) =>
  load({ name, url, headers, connections: CONNECTIONS, duration: SECONDS, targetMs: 100 });

export async function run(): Promise<ScenarioResult[]> {
  const bench = await createBenchRun(PORTS);
  const admin = new pg.Client({ connectionString: bench.database.adminUrl });

  try {
    const [, service] = await Promise.all([bench.start('identity'), bench.start('communities')]);
    const gateway = await bench.startGateway(['identity', 'communities']);

    // The bench user (identity id 1) is, like every generated user, in 10 groups.
    const { cookie, userId } = await registerUser(gateway, 'bench_user', 'Bench User');

    await admin.connect();
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

    const token = mintUserToken(bench.signingKey, userId);
    // Warm-up: pools, caches, JIT.
    await autocannon({ url: `${gateway}/api/groups/user`, headers: { cookie }, duration: 2 });

    return [
      await reads('GET /api/groups (gateway)', `${gateway}/api/groups`, {}),
      await reads('GET /api/groups/user (gateway)', `${gateway}/api/groups/user`, { cookie }),
      await reads('GET /api/groups (service)', `${service}/api/groups`, {}),
      await reads('GET /api/groups/user (service)', `${service}/api/groups/user`, {
        authorization: `Bearer ${token}`,
      }),
    ];
  } finally {
    await admin.end().catch(() => undefined);
    await bench.stop();
  }
}
