import type { Knex, Migration } from '@trustcircle/service-kit';

/** Uploaded photos, metadata already stripped; `review_id` null until a review uses them. */
export const createPhotos: Migration = {
  name: '003_photos',
  async up(db: Knex) {
    await db.schema.createTable('photos', (t) => {
      t.uuid('id').primary();
      t.integer('owner_id').notNullable();
      t.integer('review_id').references('id').inTable('reviews').onDelete('CASCADE');
      t.text('content_type').notNullable();
      t.integer('size').notNullable();
      t.binary('bytes').notNullable();
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
    });
    await db.raw(
      'create index photos_unattached_idx on photos (created_at) where review_id is null',
    );
    await db.raw(
      'create index photos_review_idx on photos (review_id) where review_id is not null',
    );
  },
  async down(db: Knex) {
    await db.schema.dropTable('photos');
  },
};
