import type { Knex } from '@trustcircle/service-kit';

/** Every schema of ours: the services', and the gateway's (sessions, devices, counters). */
const SCHEMAS = ['identity', 'communities', 'catalog', 'reviews', 'social', 'gateway'];

/** What a deletion test asks of the database: where a person is still mentioned or keyed. */
export function personalData(admin: Knex) {
  return {
    /** Every row of every table of our schemas that mentions one of `needles` in any column. */
    async rowsMentioning(needles: string[]): Promise<string[]> {
      const tables: { schema: string; table: string }[] = (
        await admin.raw(
          `select table_schema as schema, table_name as table from information_schema.tables
        where table_schema = any(?) and table_type = 'BASE TABLE' order by 1, 2`,
          [SCHEMAS],
        )
      ).rows;
      const found: string[] = [];
      for (const { schema, table } of tables) {
        const { rows } = await admin.raw(
          `select count(*)::int as n from "${schema}"."${table}" t
        where ${needles.map(() => 'lower(row_to_json(t)::text) like ?').join(' or ')}`,
          needles.map((needle) => `%${needle.toLowerCase()}%`),
        );
        if (rows[0].n > 0) found.push(`${schema}.${table}`);
      }
      return found;
    },

    /** Rows keyed by the member's id, per table that keys rows by a user. */
    async rowsOf(userId: number): Promise<Record<string, number>> {
      const keyed: [string, string][] = [
        ['identity.users', 'id'],
        ['identity.account_tokens', 'user_id'],
        ['gateway.sessions', 'user_id'],
        ['gateway.trusted_devices', 'user_id'],
        ['communities.users', 'id'],
        ['communities.group_members', 'user_id'],
        ['catalog.authors', 'user_id'],
        ['catalog.review_facts', 'user_id'],
        ['reviews.users', 'id'],
        ['reviews.memberships', 'user_id'],
        ['reviews.reviews', 'user_id'],
        ['reviews.helpful_votes', 'user_id'],
        ['reviews.review_reports', 'user_id'],
        ['reviews.photos', 'owner_id'],
        ['reviews.vote_keys', 'user_id'],
        ['reviews.follows', 'follower_id'],
        ['reviews.follows', 'followee_id'],
        // social.users keeps a tombstone (id, version, no name): stale events cannot revive it.
        ['social.follows', 'follower_id'],
        ['social.follows', 'followee_id'],
        ['social.notifications', 'user_id'],
        ['social.notifications', 'actor_id'],
        ['social.notification_preferences', 'user_id'],
        ['social.helpful_voters', 'voter_id'],
        ['social.reviews', 'user_id'],
      ];
      const counts: Record<string, number> = {};
      for (const [table, column] of keyed) {
        const { rows } = await admin.raw(
          `select count(*)::int as n from ${table} where ${column} = ?`,
          [userId],
        );
        if (rows[0].n > 0) counts[table] = (counts[table] ?? 0) + rows[0].n;
      }
      return counts;
    },
  };
}
