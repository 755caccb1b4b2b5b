import type { Knex, Migration } from '@trustcircle/service-kit';

/**
 * Review cards show when their author's identity was verified (the badge's title, issue 15):
 * the users projection keeps identity's `verifiedAt`, the card carries it as `user.verifiedAt`,
 * and a change of it re-renders the author's cards like a change of name does (004).
 * Users projected before this migration get their date with their next `identity.user.updated`,
 * or at once from `npm run reconcile -- --fix` (it compares `verified_at` with identity's).
 */
/**
 * The card function; `formerMember` (013): the reviews a member kept when leaving show
 * "Former member" with nothing else of theirs; `editedAt` (014): when its author last changed it.
 */
export const reviewCardFunction = (
  withVerifiedAt: boolean,
  formerMember = false,
  editedAt = false,
  plpgsql = false,
) => `
  create or replace function review_card(r reviews) returns json
  language ${plpgsql ? 'plpgsql' : 'sql'} stable
  set search_path from current as $$
    ${plpgsql ? 'begin return (' : ''}select json_build_object(
      'id', r.id,
      'userId', r.user_id,
      'businessId', r.business_id,
      'rating', r.rating,
      'content', r.content,
      'pros', r.pros,
      'cons', r.cons,
      'photos', r.photos,
      'createdAt', to_char(r.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'updatedAt', to_char(r.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),${
        editedAt
          ? `
      'editedAt', to_char(r.edited_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),`
          : ''
      }
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
                        'name', ${
                          formerMember
                            ? `case when r.author_left then 'Former member' else coalesce(u.name, '') end`
                            : `coalesce(u.name, '')`
                        },
                        'username', coalesce(u.username, ''),
                        'avatar', u.avatar,
                        'isVerified', coalesce(u.is_verified, false)${
                          withVerifiedAt
                            ? `,
                        'verifiedAt', case when u.is_verified then to_char(
                          u.verified_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') end`
                            : ''
                        })
                 from (select) one left join users u on u.id = r.user_id))${plpgsql ? '); end' : ''}
  $$`;

const cardColumns = (columns: string[]) => {
  const changed = columns.map((c) => `old.${c} is distinct from new.${c}`).join(' or ');
  return `
    create trigger users_cards_update after update of ${columns.join(', ')} on users
      for each row when (${changed}) execute function render_cards_showing('user')`;
};

const BEFORE = ['username', 'name', 'avatar', 'is_verified'];
const AFTER = [...BEFORE, 'verified_at'];

export const createAuthorVerifiedAt: Migration = {
  name: '011_author_verified_at',
  async up(db: Knex) {
    await db.raw('alter table users add column verified_at timestamptz');
    await db.raw(reviewCardFunction(true));
    await db.raw('drop trigger users_cards_update on users');
    await db.raw(cardColumns(AFTER));
    await db.raw('update reviews r set card = review_card(r)');
  },
  async down(db: Knex) {
    await db.raw('drop trigger users_cards_update on users');
    await db.raw(cardColumns(BEFORE));
    await db.raw(reviewCardFunction(false));
    await db.raw('update reviews r set card = review_card(r)');
    await db.raw('alter table users drop column verified_at');
  },
};
