import {
  isUsernameShaped,
  USER_NOT_FOUND,
  type Page,
  type PeopleQuery,
  type PersonSummary,
  type PublicProfile,
} from '@trustcircle/contracts';
import {
  cursorCodec,
  forgivingTsQuery,
  notFound,
  searchRank,
  type Knex,
} from '@trustcircle/service-kit';
import { z } from 'zod';

/** Search results are ranked: paged by offset (the rank is not a stable key). */
const searchCursor = cursorCodec(
  'people-search',
  z.object({ offset: z.number().int().min(0).max(1_000_000) }),
);

interface PersonRow {
  id: number;
  name: string;
  username: string;
  avatar: string | null;
  is_verified: boolean;
  total: string;
}

/**
 * `GET /api/people?search=`: members by name or username, as much as a review shows of its
 * author (never e-mail, bio or verification id), best match first.
 */
export function createPeople({ db }: { db: Knex }) {
  return {
    /** A public profile's header (issue 18), by username in any letter case. */
    async profile(username: string): Promise<PublicProfile> {
      const row = isUsernameShaped(username)
        ? await db('users')
            .whereRaw('lower(username) = lower(?)', [username])
            .first<(Omit<PersonRow, 'total'> & { created_at: Date }) | undefined>(
              'id',
              'name',
              'username',
              'avatar',
              'is_verified',
              'created_at',
            )
        : undefined;
      if (!row) throw notFound(USER_NOT_FOUND);
      return {
        id: row.id,
        name: row.name,
        username: row.username,
        avatar: row.avatar,
        isVerified: row.is_verified,
        joinedAt: row.created_at.toISOString(),
      };
    },

    async search(query: PeopleQuery): Promise<Page<PersonSummary>> {
      const offset = searchCursor.decode(query.cursor)?.offset ?? 0;
      const tsQuery = await forgivingTsQuery(db, query.search, 'variants');
      const counted = query.total && offset === 0;
      if (!tsQuery) return { items: [], nextCursor: null, ...(counted ? { total: 0 } : {}) };
      const result = await db.raw<{ rows: PersonRow[] }>(
        `select u.id, u.name, u.username, u.avatar, u.is_verified, count(*) over () as total
           from users u, to_tsquery('simple', ?) q
          where u.search_doc @@ q
          order by ${searchRank('u.search_doc', 'q')} desc, u.id
          limit ? offset ?`,
        [tsQuery, query.limit + 1, offset],
      );
      const rows = result.rows;
      return {
        items: rows.slice(0, query.limit).map((row) => ({
          id: row.id,
          name: row.name,
          username: row.username,
          avatar: row.avatar,
          isVerified: row.is_verified,
        })),
        nextCursor:
          rows.length > query.limit ? searchCursor.encode({ offset: offset + query.limit }) : null,
        ...(counted ? { total: Number(rows[0]?.total ?? 0) } : {}),
      };
    },
  };
}
export type People = ReturnType<typeof createPeople>;
