import type { BusinessCreate, BusinessUpdate } from '@trustcircle/contracts';
import { forgivingTsQuery, preparedRows, searchRank, type Knex } from '@trustcircle/service-kit';
import { GROUP_SUMS_TIMES, type GroupSumsTimes } from './group-sums-times';

export interface BusinessRow {
  id: number;
  name: string;
  description: string | null;
  category: string;
  image: string | null;
  address: string | null;
  phone: string | null;
  website: string | null;
  opening_hours: string | null;
  version: number;
  created_at: Date;
  global_trust_score: number;
  review_count: number;
  positive_count: number;
}

export interface ActivityRow {
  since: Date | null;
  review_count: number | null;
  flagged: boolean;
}

/** A group's sums (trust-score.ts); its score is derived from them and the global score. */
export interface GroupScoreRow {
  group_id: number;
  group_name: string | null;
  review_count: number;
  weight: number;
  weighted_rating: number;
}

/** The unique index deciding "same name in the same category". */
export const NAME_IN_CATEGORY_KEY = 'businesses_category_name_key';

const COLUMNS = [
  'id',
  'name',
  'description',
  'category',
  'image',
  'address',
  'phone',
  'website',
  'opening_hours',
  'version',
  'created_at',
  'global_trust_score',
  'review_count',
  'positive_count',
] as const;
const SELECT = COLUMNS.map((c) => `b.${c}`).join(', ');

/** All SQL on owned tables: categories, businesses, business_group_scores. */
export const businessesStore = {
  async categories(db: Knex): Promise<string[]> {
    const rows = await db('categories').select('name').orderBy('position');
    return rows.map((row: { name: string }) => row.name);
  },

  async insert(db: Knex, input: BusinessCreate, createdBy: number): Promise<BusinessRow> {
    const [row] = await db('businesses')
      .insert({
        name: input.name,
        description: input.description ?? null,
        category: input.category,
        image: input.image ?? null,
        address: input.address ?? null,
        phone: input.phone ?? null,
        website: input.website ?? null,
        opening_hours: input.openingHours ?? null,
        created_by: createdBy,
      })
      .returning([...COLUMNS]);
    return row as BusinessRow;
  },

  async nameTaken(db: Knex, name: string, category: string, exceptId?: number): Promise<boolean> {
    const row = await db('businesses')
      .where({ category })
      .whereRaw('lower(name) = lower(?)', [name])
      .modify((query) => {
        if (exceptId !== undefined) query.whereNot({ id: exceptId });
      })
      .first('id');
    return Boolean(row);
  },

  /** Locks the row for an edit and answers who added it (null: unknown business). */
  async lockForEdit(db: Knex, id: number): Promise<{ createdBy: number | null } | null> {
    const row = await db('businesses').where({ id }).forUpdate().first('created_by');
    return row ? { createdBy: (row as { created_by: number | null }).created_by } : null;
  },

  async update(db: Knex, id: number, changes: BusinessUpdate): Promise<void> {
    const columns: Record<string, unknown> = {
      name: changes.name,
      description: changes.description,
      category: changes.category,
      image: changes.image,
      address: changes.address,
      phone: changes.phone,
      website: changes.website,
      opening_hours: changes.openingHours,
    };
    const patch = Object.fromEntries(Object.entries(columns).filter(([, v]) => v !== undefined));
    await db('businesses')
      .where({ id })
      .update({ ...patch, version: db.raw('version + 1'), updated_at: db.fn.now() });
  },

  async findById(db: Knex, id: number): Promise<BusinessRow | null> {
    const row = await db('businesses as b').select(db.raw(SELECT)).where('b.id', id).first();
    return (row as BusinessRow | undefined) ?? null;
  },

  /**
   * The business with its first `groupLimit` group scores (most reviews first, then group id),
   * how many groups have one, and its activity flag, in one statement.
   */
  async findWithGroupScores(
    db: Knex,
    id: number,
    groupLimit: number,
  ): Promise<
    | (BusinessRow &
        GroupSumsTimes & {
          group_scores: GroupScoreRow[];
          community_count: number;
          activity: ActivityRow | null;
        })
    | null
  > {
    const [row] = await preparedRows<
      BusinessRow &
        GroupSumsTimes & {
          group_scores: GroupScoreRow[];
          community_count: number;
          activity: ActivityRow | null;
        }
    >(
      db,
      db.raw(
        `select ${SELECT}, ${GROUP_SUMS_TIMES},
              coalesce((select json_agg(json_build_object(
                                 'group_id', s.group_id, 'group_name', g.name,
                                 'review_count', s.review_count, 'weight', s.weight,
                                 'weighted_rating', s.weighted_rating)
                               order by s.review_count desc, s.group_id)
                          from (select * from business_group_scores
                                 where business_id = b.id
                                 order by review_count desc, group_id
                                 limit ?) s
                          left join groups g on g.id = s.group_id), '[]'::json) as group_scores,
              (select count(*)::int from business_group_scores c
                where c.business_id = b.id) as community_count,
              (select json_build_object('since', a.since, 'review_count', a.review_count,
                                        'flagged', a.flagged)
                 from business_activity a where a.business_id = b.id) as activity
         from businesses b
        where b.id = ?`,
        [groupLimit, id],
      ),
    );
    return row ?? null;
  },

  /** What a business's group scores are read with: its global score and `GroupSumsTimes`. */
  async groupScoresBasis(
    db: Knex,
    id: number,
  ): Promise<({ global_trust_score: number } & GroupSumsTimes) | null> {
    const [row] = await preparedRows<{ global_trust_score: number } & GroupSumsTimes>(
      db,
      db.raw(`select b.global_trust_score, ${GROUP_SUMS_TIMES} from businesses b where b.id = ?`, [
        id,
      ]),
    );
    return row ?? null;
  },

  /** A page of the business's group scores, most reviews first, after the given one. */
  async groupScores(
    db: Knex,
    businessId: number,
    page: { after?: { reviewCount: number; groupId: number }; limit: number },
  ): Promise<GroupScoreRow[]> {
    const query = db('business_group_scores as s')
      .leftJoin('groups as g', 'g.id', 's.group_id')
      .where('s.business_id', businessId)
      .orderBy([
        { column: 's.review_count', order: 'desc' },
        { column: 's.group_id', order: 'asc' },
      ])
      .limit(page.limit)
      .select(
        's.group_id',
        'g.name as group_name',
        's.review_count',
        's.weight',
        's.weighted_rating',
      );
    if (page.after) {
      const { reviewCount, groupId } = page.after;
      query.where((q) =>
        q
          .where('s.review_count', '<', reviewCount)
          .orWhere((same) =>
            same.where('s.review_count', reviewCount).where('s.group_id', '>', groupId),
          ),
      );
    }
    return preparedRows<GroupScoreRow>(db, query);
  },

  /** Keyset page in id order, optionally of one category. */
  async list(
    db: Knex,
    options: { category?: string; afterId?: number; limit: number },
  ): Promise<BusinessRow[]> {
    const query = db('businesses as b').select(db.raw(SELECT)).orderBy('b.id').limit(options.limit);
    if (options.category) query.where('b.category', options.category);
    if (options.afterId !== undefined) query.where('b.id', '>', options.afterId);
    return preparedRows<BusinessRow>(db, query);
  },

  /** How many businesses there are, of one category when given (Explore's true count). */
  async count(db: Knex, category?: string): Promise<number> {
    const query = db('businesses').count<{ n: string }[]>('* as n');
    if (category) query.where({ category });
    return Number((await query)[0]?.n ?? 0);
  },

  /**
   * Ranked full-text search that forgives (issue 17, service-kit `search.ts`): every word must
   * match, in any order, the last one as a prefix ("okafor edu" finds Okafor Education), accents
   * and case ignored, and a word of 4+ characters no business uses may instead be one of up to 5
   * known words within the connection's trigram word-similarity threshold. One query over the
   * `search_doc` GIN index; paged by offset (the rank is not a key). `total` (asked for on
   * Explore's first page) counts every match: the ranking reads them all anyway.
   */
  async search(
    db: Knex,
    options: { text: string; category?: string; offset: number; limit: number; total: boolean },
  ): Promise<{ rows: BusinessRow[]; total: number }> {
    const query = await forgivingTsQuery(db, options.text, 'trigram+variants');
    if (!query) return { rows: [], total: 0 };
    // Both statements prepared: planning them cost more than a short search runs.
    const rows = await preparedRows<BusinessRow & { total?: string }>(
      db,
      db.raw(
        `select ${SELECT} ${options.total ? ', count(*) over () as total' : ''}
           from businesses b, to_tsquery('english', ?) q
          where b.search_doc @@ q
            ${options.category ? 'and b.category = ?' : ''}
          order by ${searchRank('b.search_doc', 'q')} desc, b.id
          limit ? offset ?`,
        [query, ...(options.category ? [options.category] : []), options.limit, options.offset],
      ),
    );
    const total = Number(rows[0]?.total ?? 0);
    return { rows: rows.map(({ total: _total, ...row }) => row), total };
  },

  /** Businesses with the most counted reviews since `since`, ties by score. */
  async trending(
    db: Knex,
    since: Date,
    limit: number,
  ): Promise<(BusinessRow & { reviews_this_week: number })[]> {
    const result = await db.raw<{ rows: (BusinessRow & { reviews_this_week: number })[] }>(
      `select ${SELECT}, t.reviews_this_week
         from (select business_id, count(*)::int as reviews_this_week
                 from review_facts
                where rating is not null and not hidden and created_at >= ?
                group by business_id) t
         join businesses b on b.id = t.business_id
        order by t.reviews_this_week desc, b.global_trust_score desc, b.id
        limit ?`,
      [since, limit],
    );
    return result.rows;
  },

  async similar(db: Knex, business: BusinessRow, limit: number): Promise<BusinessRow[]> {
    return db('businesses as b')
      .select(db.raw(SELECT))
      .where('b.category', business.category)
      .whereNot('b.id', business.id)
      .orderBy([
        { column: 'b.global_trust_score', order: 'desc' },
        { column: 'b.review_count', order: 'desc' },
        { column: 'b.id', order: 'asc' },
      ])
      .limit(limit);
  },
};
