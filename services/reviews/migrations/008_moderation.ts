import type { Knex, Migration } from '@trustcircle/service-kit';

/**
 * Moderation (design §9, docs/security.md "Moderation"). A review's `status` says why it is
 * not published; `hidden` stays the one flag lists, votes and indexes read, and a constraint
 * keeps the two in step. Reports keep the reporter's standing and weight as they were when the
 * report was made, and their outcome. The queue holds what waits for a moderator, the log every
 * decision. `users.created_at` (identity's events carry it) gives account ages.
 */
export const createModeration: Migration = {
  name: '008_moderation',
  async up(db: Knex) {
    await db.raw('alter table users add column created_at timestamptz');

    await db.raw(`
      alter table reviews
        add column status text not null default 'published',
        add column moderation_reason text,
        add column decided_at timestamptz,
        add column appealed boolean not null default false`);
    // Reviews hidden by the old three-reports rule wait for a moderator like any held one.
    await db.raw(`update reviews set status = 'held', decided_at = updated_at where hidden`);
    await db.raw(`
      alter table reviews
        add constraint reviews_status_check check (status in ('published', 'held', 'removed')),
        add constraint reviews_status_hidden_check check (hidden = (status <> 'published'))`);
    // The author's own list shows held and removed reviews too.
    await db.raw('create index reviews_user_all_idx on reviews (user_id, id desc)');

    await db.raw(`
      alter table review_reports
        add column status text not null default 'open',
        add column weight double precision not null default 0.1,
        add column reporter_verified boolean not null default false,
        add column reporter_age_days integer not null default 0,
        add column reporter_upheld integer not null default 0,
        add column reporter_rejected integer not null default 0,
        add column decided_at timestamptz,
        add constraint review_reports_status_check
          check (status in ('open', 'upheld', 'rejected'))`);
    // A reporter's track record (accuracy factor) is counted from their decided reports.
    await db.raw('create index review_reports_user_idx on review_reports (user_id, status)');

    await db.schema.createTable('moderation_queue', (t) => {
      t.integer('review_id').primary().references('id').inTable('reviews').onDelete('CASCADE');
      t.integer('business_id').notNullable();
      // Keyset paging tie-breaker, in order of queueing.
      t.bigIncrements('seq', { primaryKey: false });
      t.timestamp('queued_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
      t.specificType('causes', 'text[]').notNullable();
      t.double('report_weight').notNullable().defaultTo(0);
      t.text('appeal_message');
      t.timestamp('appeal_at', { useTz: true });
    });
    await db.raw(
      'create index moderation_queue_order_idx on moderation_queue (report_weight desc, seq)',
    );
    await db.raw('create index moderation_queue_business_idx on moderation_queue (business_id)');
    await db.raw(`
      insert into moderation_queue (review_id, business_id, causes, report_weight)
      select r.id, r.business_id, '{reports}',
             coalesce((select sum(p.weight) from review_reports p where p.review_id = r.id), 0)
        from reviews r where r.hidden order by r.id`);

    await db.schema.createTable('moderation_log', (t) => {
      t.increments('id').primary();
      t.integer('review_id').notNullable();
      t.integer('business_id').notNullable();
      t.text('action').notNullable();
      t.text('reason');
      t.integer('actor_id');
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
    });
    await db.raw('create index moderation_log_review_idx on moderation_log (review_id, id)');

    // Unusual activity: one row per business ever flagged; `cleared_at` null while flagged.
    await db.schema.createTable('unusual_activity', (t) => {
      t.integer('business_id').primary();
      t.timestamp('since', { useTz: true }).notNullable();
      t.integer('review_count').notNullable();
      t.timestamp('flagged_at', { useTz: true }).notNullable();
      t.timestamp('cleared_at', { useTz: true });
      t.integer('version').notNullable();
    });
  },
  async down(db: Knex) {
    for (const table of ['unusual_activity', 'moderation_log', 'moderation_queue']) {
      await db.schema.dropTable(table);
    }
    await db.raw('drop index review_reports_user_idx');
    await db.raw(`
      alter table review_reports drop column status, drop column weight,
        drop column reporter_verified, drop column reporter_age_days,
        drop column reporter_upheld, drop column reporter_rejected, drop column decided_at`);
    await db.raw('drop index reviews_user_all_idx');
    await db.raw(`
      alter table reviews drop constraint reviews_status_hidden_check,
        drop constraint reviews_status_check, drop column status,
        drop column moderation_reason, drop column decided_at, drop column appealed`);
    await db.raw('alter table users drop column created_at');
  },
};
