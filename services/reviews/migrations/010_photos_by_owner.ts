import type { Knex, Migration } from '@trustcircle/service-kit';

/** The per-account photo quota sums each upload's owner's photos: count and size from the index. */
export const createPhotosByOwner: Migration = {
  name: '010_photos_by_owner',
  async up(db: Knex) {
    await db.raw('create index photos_owner_idx on photos (owner_id) include (size)');
  },
  async down(db: Knex) {
    await db.raw('drop index photos_owner_idx');
  },
};
