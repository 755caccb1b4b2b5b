import type { Knex, Migration } from '@trustcircle/service-kit';
import { reviewCardFunction } from './011_author_verified_at';

/** The columns whose change re-renders a review's own card (004), and `edited_at` with them. */
const CARD_COLUMNS = [
  'user_id',
  'business_id',
  'rating',
  'content',
  'pros',
  'cons',
  'photos',
  'created_at',
  'updated_at',
];

const cardTrigger = (columns: string[]) => `
  create trigger reviews_card before insert or update of ${columns.join(', ')}
    on reviews for each row execute function render_review_card()`;

/**
 * "Edited" on a review (issue 17): `edited_at` is set by its author's changes only, never by
 * the version bumps of votes, verification or moderation, nor by bulk data whose `updated_at`
 * is simply the time it was loaded. Reviews changed before this migration were edited when
 * their `updated_at` moved past their `created_at` (only the author's edit moved it).
 */
export const createEditedAt: Migration = {
  name: '014_edited_at',
  async up(db: Knex) {
    await db.raw('alter table reviews add column edited_at timestamptz');
    await db.raw('update reviews set edited_at = updated_at where updated_at > created_at');
    await db.raw(reviewCardFunction(true, true, true));
    await db.raw('drop trigger reviews_card on reviews');
    await db.raw(cardTrigger([...CARD_COLUMNS, 'edited_at']));
    await db.raw('update reviews r set card = review_card(r)');
  },
  async down(db: Knex) {
    await db.raw('drop trigger reviews_card on reviews');
    await db.raw(cardTrigger(CARD_COLUMNS));
    await db.raw(reviewCardFunction(true, true));
    await db.raw('update reviews r set card = review_card(r)');
    await db.raw('alter table reviews drop column edited_at');
  },
};
