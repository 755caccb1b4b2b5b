import type { Knex, Migration } from '@trustcircle/service-kit';

/**
 * The user's roles travel with the session (identity answers them at sign-in), so the JWT's
 * `roles` claim costs no call per request. `npm run grant` rewrites them for live sessions.
 */
export const addSessionRoles: Migration = {
  name: '005_session_roles',
  async up(db: Knex) {
    await db.raw(`alter table sessions add column roles text[] not null default '{member}'`);
  },
  async down(db: Knex) {
    await db.raw('alter table sessions drop column roles');
  },
};
