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
import { seedGroups } from '../support/groups-data.ts';
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
    await seedGroups(admin, userId);

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
