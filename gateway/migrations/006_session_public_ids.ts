import type { Knex, Migration } from '@trustcircle/service-kit';

/**
 * The sessions list (issue 19) names each session by a handle of its own: the cookie's hash is
 * the key a stolen database copy would be matched against, so it never leaves the gateway.
 */
export const addSessionPublicIds: Migration = {
  name: '006_session_public_ids',
  async up(db: Knex) {
    await db.raw(
      'alter table sessions add column public_id uuid not null default gen_random_uuid() unique',
    );
  },
  async down(db: Knex) {
    await db.raw('alter table sessions drop column public_id');
  },
};
