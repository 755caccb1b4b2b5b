import type { Knex, Migration } from '@trustcircle/service-kit';

/**
 * The helpful toggle (spec §4), the busiest write, as one statement: lock the review, toggle
 * the caller's vote, move the counter and version, and record `reviews.vote.changed` in the
 * outbox with its relay wake-up — one round trip and one implicit transaction, where the same
 * steps as separate statements took five (with begin and commit).
 *
 * The review's row lock comes first and each later statement sees what committed before it
 * (PL/pgSQL takes a fresh snapshot per statement), so concurrent toggles of one review apply
 * one after another and the counter always equals the vote rows. Unknown reviews answer no
 * row; hidden or the caller's own reviews are answered without a change (the domain turns
 * those into 404 and 403). The payload is the contract's `VoteChangedEventData`; the rest of
 * the envelope comes from the caller (service-kit's `eventHeader`).
 */
export const createHelpfulVote: Migration = {
  name: '005_helpful_vote',
  async up(db: Knex) {
    await db.raw(`
      create function toggle_helpful_vote(p_review integer, p_voter integer, p_event jsonb)
      returns table (author_id integer, hidden boolean, voted boolean, helpful_count integer)
      language plpgsql set search_path from current as $$
      #variable_conflict use_column
      declare
        target record;
        removed integer;
        counted integer;
        next_version integer;
      begin
        select r.user_id, r.business_id, r.hidden into target
          from reviews r where r.id = p_review for update;
        if not found then
          return;
        end if;
        if target.hidden or target.user_id = p_voter then
          return query select target.user_id, target.hidden, false, null::integer;
          return;
        end if;
        delete from helpful_votes v where v.review_id = p_review and v.user_id = p_voter;
        get diagnostics removed = row_count;
        if removed = 0 then
          insert into helpful_votes (review_id, user_id) values (p_review, p_voter);
        end if;
        update reviews r
           set helpful_count = r.helpful_count + (case when removed = 0 then 1 else -1 end),
               version = r.version + 1
         where r.id = p_review
        returning r.helpful_count, r.version into counted, next_version;
        insert into outbox (id, subject, envelope)
        values ((p_event ->> 'id')::uuid, p_event ->> 'type',
                p_event || jsonb_build_object('data', jsonb_build_object(
                  'reviewId', p_review,
                  'businessId', target.business_id,
                  'helpfulCount', counted,
                  'version', next_version)));
        perform pg_notify('outbox_' || current_schema(), '');
        return query select target.user_id, false, removed = 0, counted;
      end $$`);
  },
  async down(db: Knex) {
    await db.raw('drop function toggle_helpful_vote(integer, integer, jsonb)');
  },
};
