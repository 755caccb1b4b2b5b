import type { Knex, Migration } from '@trustcircle/service-kit';

/**
 * Roles (design §9): everyone is a `member`; `moderator` is granted by the operator command
 * (`npm run grant`). A column, not a table: every user read needs them (the gateway carries them
 * into each session), and two roles do not warrant a join.
 */
export const addRoles: Migration = {
  name: '003_roles',
  async up(db: Knex) {
    await db.raw(`alter table users add column roles text[] not null default '{member}'`);
    // The column holds known role names and always `member`, whoever writes it.
    await db.raw(
      `alter table users add constraint users_roles_known
         check (roles <@ array['member', 'moderator']::text[] and 'member' = any (roles))`,
    );
  },
  async down(db: Knex) {
    await db.raw('alter table users drop column roles');
  },
};
