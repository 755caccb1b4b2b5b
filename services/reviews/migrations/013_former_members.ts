import type { Knex, Migration } from '@trustcircle/service-kit';
import { reviewCardFunction } from './011_author_verified_at';

/**
 * Leaving (issue 19): a member may keep their reviews, shown as by "Former member". The users
 * projection row goes with the rest of their data, so the review itself remembers that its
 * author left (a review whose author is merely not projected yet still shows an empty name).
 */
export const createFormerMembers: Migration = {
  name: '013_former_members',
  async up(db: Knex) {
    await db.raw('alter table reviews add column author_left boolean not null default false');
    await db.raw(reviewCardFunction(true, true));
  },
  async down(db: Knex) {
    await db.raw(reviewCardFunction(true));
    await db.raw('alter table reviews drop column author_left');
  },
};
