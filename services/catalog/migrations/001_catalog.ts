import { CATEGORIES } from '@trustcircle/contracts';
import type { Knex, Migration } from '@trustcircle/service-kit';

/**
 * Businesses and categories (owned), plus the projections trust scores are computed from
 * (design §2): review facts, authors' verification, group names. pg_trgm is created in this
 * schema by the admin at provisioning (SERVICE_EXTENSIONS), never by the service role.
 */
export const createCatalog: Migration = {
  name: '001_catalog',
  async up(db: Knex) {
    await db.schema.createTable('categories', (t) => {
      t.increments('id').primary();
      t.text('name').notNullable().unique();
      t.integer('position').notNullable();
    });
    await db('categories').insert(CATEGORIES.map((name, index) => ({ name, position: index + 1 })));

    await db.schema.createTable('businesses', (t) => {
      t.increments('id').primary();
      t.text('name').notNullable();
      t.text('description');
      t.text('category').notNullable().references('name').inTable('categories');
      t.text('image');
      t.text('address');
      t.text('phone');
      t.text('website');
      t.text('opening_hours');
      t.integer('created_by');
      t.integer('version').notNullable().defaultTo(1);
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
      // Scores, recomputed from review_facts in the consumer's transaction.
      t.double('global_trust_score').notNullable().defaultTo(0);
      t.integer('review_count').notNullable().defaultTo(0);
      t.integer('positive_count').notNullable().defaultTo(0);
    });
    await db.raw(
      'create unique index businesses_category_name_key on businesses (category, lower(name))',
    );
    await db.raw('create index businesses_category_id on businesses (category, id)');
    await db.raw(
      'create index businesses_category_score on businesses (category, global_trust_score desc, review_count desc, id)',
    );
    // Full-text document (name weighs most) and a lower-cased text for trigram matching.
    await db.raw(`
      alter table businesses
        add column search_doc tsvector generated always as (
          setweight(to_tsvector('english'::regconfig, name), 'A') ||
          setweight(to_tsvector('english'::regconfig, category), 'B') ||
          setweight(to_tsvector('english'::regconfig, coalesce(description, '')), 'C')
        ) stored,
        add column search_text text generated always as (
          lower(name || ' ' || category || ' ' || coalesce(description, ''))
        ) stored`);
    await db.raw('create index businesses_search_doc on businesses using gin (search_doc)');
    await db.raw(
      'create index businesses_search_trgm on businesses using gin (search_text gin_trgm_ops)',
    );

    await db.schema.createTable('business_group_scores', (t) => {
      t.integer('business_id').notNullable().references('id').inTable('businesses');
      t.integer('group_id').notNullable();
      t.double('score').notNullable();
      t.integer('review_count').notNullable();
      t.primary(['business_id', 'group_id']);
    });

    // One row per review: the latest state seen (highest version), whatever the delivery order.
    await db.schema.createTable('review_facts', (t) => {
      t.integer('review_id').primary();
      t.integer('business_id').notNullable();
      t.integer('user_id');
      t.smallint('rating');
      t.specificType('group_ids', 'integer[]').notNullable().defaultTo('{}');
      t.integer('helpful_count').notNullable().defaultTo(0);
      /** As the review event said; overridden by the authors projection when it knows. */
      t.boolean('author_verified').notNullable().defaultTo(false);
      t.timestamp('created_at', { useTz: true });
      t.boolean('hidden').notNullable().defaultTo(false);
      /** Highest version of any event applied (review or vote). */
      t.integer('version').notNullable();
      /** Version of the last full review event applied; null while only votes were seen. */
      t.integer('facts_version');
      /** Version the helpful count comes from. */
      t.integer('helpful_version').notNullable().defaultTo(0);
    });
    // Recompute reads every counted fact of one business: a covering index, counted rows only.
    await db.raw(`
      create index review_facts_business_counted on review_facts (business_id)
        include (rating, helpful_count, author_verified, created_at, group_ids)
        where rating is not null and not hidden`);
    await db.raw('create index review_facts_user on review_facts (user_id)');
    // Trending: counted reviews of the last days, by time.
    await db.raw(`
      create index review_facts_recent on review_facts (created_at) include (business_id)
        where rating is not null and not hidden`);

    await db.schema.createTable('authors', (t) => {
      t.integer('user_id').primary();
      t.boolean('is_verified').notNullable();
      t.integer('version').notNullable();
    });

    await db.schema.createTable('groups', (t) => {
      t.integer('id').primary();
      t.text('name').notNullable();
      t.integer('version').notNullable();
    });
  },
  async down(db: Knex) {
    for (const table of [
      'groups',
      'authors',
      'review_facts',
      'business_group_scores',
      'businesses',
      'categories',
    ]) {
      await db.schema.dropTableIfExists(table);
    }
  },
};
