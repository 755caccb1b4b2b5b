import type { Knex, Migration } from '@trustcircle/service-kit';

/**
 * Each review keeps its read view (spec §3) rendered as JSON in `card`, all but the two
 * fields that change per vote or per viewer (`helpfulCount`, `hasVoted`: the store adds them).
 * A page of reviews is then one index range and 50 primary-key reads, where assembling author,
 * business and tag names per row cost about two thirds of the feed's database time and most of
 * the service's (row parsing, dates, JSON).
 *
 * Triggers keep the cards current whatever writes: the review's own columns (before insert or
 * update), its tags, and the projections whose names it shows (author, business, groups; also
 * when a projection arrives after the review, replacing the placeholder names). Renaming a group
 * rewrites the cards of every review tagged with it: rare, and paid once, not per read.
 *
 * Concurrency: a render reads names as of its statement's snapshot, so two transactions must
 * never both render one card from snapshots that miss each other's change.
 * - A rename locks the cards it re-renders (in id order) and renders them in the next statement:
 *   a rename waiting for another's card lock renders after that one committed, seeing it.
 * - A new review or tag is invisible to a concurrent rename, which therefore cannot wait for it.
 *   Renames of a user, business or group hold an exclusive advisory lock on it, and rendering a
 *   new review or tag first takes the shared lock of every name it shows, then renders: one
 *   waits for the other, and the later one sees the earlier's commit. Advisory locks work for
 *   projections that do not exist yet, where a row lock would have nothing to lock.
 */
export const createReviewCards: Migration = {
  name: '004_review_cards',
  async up(db: Knex) {
    await db.raw(`
      create function review_card(r reviews) returns json language sql stable
      set search_path from current as $$
        select json_build_object(
          'id', r.id,
          'userId', r.user_id,
          'businessId', r.business_id,
          'rating', r.rating,
          'content', r.content,
          'pros', r.pros,
          'cons', r.cons,
          'photos', r.photos,
          'createdAt', to_char(r.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
          'updatedAt', to_char(r.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
          'businessName', coalesce((select b.name from businesses b where b.id = r.business_id),
                                   'Business #' || r.business_id),
          'groups', coalesce((select json_agg(json_build_object(
                                       'id', t.group_id,
                                       'name', coalesce(g.name, 'Group #' || t.group_id))
                                     order by t.group_id)
                                from review_tags t left join groups g on g.id = t.group_id
                               where t.review_id = r.id), '[]'::json),
          'user', (select json_build_object(
                            'id', r.user_id,
                            'name', coalesce(u.name, ''),
                            'username', coalesce(u.username, ''),
                            'avatar', u.avatar,
                            'isVerified', coalesce(u.is_verified, false))
                     from (select) one left join users u on u.id = r.user_id))
      $$`);

    await db.raw('alter table reviews add column card json');
    // A card makes the row several times bigger. Helpful votes rewrite it (counter and
    // version); room left on each page lets that be a heap-only update, where a full page
    // moves the row and adds an entry to each of the table's indexes for every vote.
    await db.raw('alter table reviews set (fillfactor = 80)');
    await db.raw('update reviews r set card = review_card(r)');
    await db.raw('alter table reviews alter column card set not null');

    await db.raw(`
      create function card_lock_key(kind text) returns int language sql immutable as $$
        select hashtext('trustcircle.reviews.cards.' || kind)
      $$`);

    // The review's own columns. (Setting only `card`, as the re-renders below do, fires nothing.)
    await db.raw(`
      create function render_review_card() returns trigger language plpgsql
      set search_path from current as $$
      begin
        if tg_op = 'INSERT' then
          perform pg_advisory_xact_lock_shared(card_lock_key('user'), new.user_id),
                  pg_advisory_xact_lock_shared(card_lock_key('business'), new.business_id);
        end if;
        new.card := review_card(new);
        return new;
      end $$`);
    await db.raw(`
      create trigger reviews_card before insert or update of
        user_id, business_id, rating, content, pros, cons, photos, created_at, updated_at
        on reviews for each row execute function render_review_card()`);

    // Tags added or removed.
    await db.raw(`
      create function render_tagged_cards() returns trigger language plpgsql
      set search_path from current as $$
      begin
        if tg_op = 'INSERT' then
          perform pg_advisory_xact_lock_shared(card_lock_key('group'), group_id)
             from (select distinct group_id from changed_tags order by group_id) tagged;
        end if;
        update reviews r set card = review_card(r)
         where r.id in (select review_id from changed_tags);
        return null;
      end $$`);
    await db.raw(`
      create trigger review_tags_card_insert after insert on review_tags
        referencing new table as changed_tags
        for each statement execute function render_tagged_cards()`);
    await db.raw(`
      create trigger review_tags_card_delete after delete on review_tags
        referencing old table as changed_tags
        for each statement execute function render_tagged_cards()`);

    // Names shown on cards, changed or arriving late.
    await db.raw(`
      create function render_cards_showing() returns trigger language plpgsql
      set search_path from current as $$
      declare
        shown int[];
      begin
        perform pg_advisory_xact_lock(card_lock_key(tg_argv[0]), new.id);
        if tg_argv[0] = 'user' then
          shown := array(select id from reviews where user_id = new.id order by id for update);
        elsif tg_argv[0] = 'business' then
          shown := array(select id from reviews where business_id = new.id order by id for update);
        else
          shown := array(select r.id from reviews r
                          where r.id in (select review_id from review_tags where group_id = new.id)
                          order by r.id for update of r);
        end if;
        update reviews r set card = review_card(r) where r.id = any(shown);
        return null;
      end $$`);
    // A projection's version moves on every event of its source; cards change with names only.
    const shown = [
      { table: 'users', kind: 'user', columns: ['username', 'name', 'avatar', 'is_verified'] },
      { table: 'businesses', kind: 'business', columns: ['name'] },
      { table: 'groups', kind: 'group', columns: ['name'] },
    ];
    for (const { table, kind, columns } of shown) {
      const changed = columns.map((c) => `old.${c} is distinct from new.${c}`).join(' or ');
      await db.raw(`
        create trigger ${table}_cards_insert after insert on ${table}
          for each row execute function render_cards_showing('${kind}')`);
      await db.raw(`
        create trigger ${table}_cards_update after update of ${columns.join(', ')} on ${table}
          for each row when (${changed}) execute function render_cards_showing('${kind}')`);
    }
    // The lookups those re-renders need whatever the reviews' hidden flag (the list indexes
    // are partial); reviews by user already have `reviews_user_business_key`.
    await db.raw('create index reviews_business_all_idx on reviews (business_id)');
    await db.raw('create index review_tags_group_all_idx on review_tags (group_id)');
  },
  async down(db: Knex) {
    await db.raw('drop index review_tags_group_all_idx');
    await db.raw('drop index reviews_business_all_idx');
    for (const table of ['users', 'businesses', 'groups']) {
      await db.raw(`drop trigger ${table}_cards_update on ${table}`);
      await db.raw(`drop trigger ${table}_cards_insert on ${table}`);
    }
    await db.raw('drop function render_cards_showing()');
    await db.raw('drop trigger review_tags_card_delete on review_tags');
    await db.raw('drop trigger review_tags_card_insert on review_tags');
    await db.raw('drop function render_tagged_cards()');
    await db.raw('drop trigger reviews_card on reviews');
    await db.raw('drop function render_review_card()');
    await db.raw('drop function card_lock_key(text)');
    await db.raw('alter table reviews reset (fillfactor)');
    await db.raw('alter table reviews drop column card');
    await db.raw('drop function review_card(reviews)');
  },
};
