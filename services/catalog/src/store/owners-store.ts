import type { CatalogExport, ClaimStatus, UserEventData } from '@trustcircle/contracts';
import { upsertNewestVersion, type Knex } from '@trustcircle/service-kit';

export interface ClaimRow {
  id: number;
  business_id: number;
  user_id: number;
  message: string;
  status: ClaimStatus;
  reason: string | null;
  created_at: Date;
  decided_at: Date | null;
}

export interface QueuedClaimRow extends ClaimRow {
  business_name: string;
  username: string | null;
  name: string | null;
  review_count: number;
}

export interface OwnerRow {
  id: number;
  username: string;
  name: string;
}

export const ONE_PENDING_KEY = 'business_claims_one_pending';
const CLAIM_COLUMNS = [
  'id',
  'business_id',
  'user_id',
  'message',
  'status',
  'reason',
  'created_at',
  'decided_at',
];

/** All SQL on claims, owners and the people projection (migration 006). */
export const ownersStore = {
  async businessExists(db: Knex, businessId: number): Promise<boolean> {
    return (await db('businesses').where({ id: businessId }).first(1)) !== undefined;
  },

  async isOwner(db: Knex, businessId: number, userId: number): Promise<boolean> {
    const row = await db('business_owners')
      .where({ business_id: businessId, user_id: userId })
      .first(1);
    return row !== undefined;
  },

  /** Owners with a known name, longest-standing first. */
  async owners(db: Knex, businessId: number): Promise<OwnerRow[]> {
    return db('business_owners as o')
      .join('people as p', 'p.id', 'o.user_id')
      .where('o.business_id', businessId)
      .orderBy('o.since')
      .select<OwnerRow[]>('p.id', 'p.username', 'p.name');
  },

  /** A member's newest claim for a business. */
  async latestClaim(db: Knex, businessId: number, userId: number): Promise<ClaimRow | null> {
    const row = await db('business_claims')
      .where({ business_id: businessId, user_id: userId })
      .orderBy('id', 'desc')
      .first<ClaimRow | undefined>(CLAIM_COLUMNS);
    return row ?? null;
  },

  async hasPending(db: Knex, businessId: number, userId: number): Promise<boolean> {
    const row = await db('business_claims')
      .where({ business_id: businessId, user_id: userId, status: 'pending' })
      .first(1);
    return row !== undefined;
  },

  async insertClaim(
    trx: Knex,
    claim: { businessId: number; userId: number; message: string },
  ): Promise<ClaimRow> {
    const [row] = await trx('business_claims')
      .insert({ business_id: claim.businessId, user_id: claim.userId, message: claim.message })
      .returning(CLAIM_COLUMNS);
    return row as ClaimRow;
  },

  async lockClaim(trx: Knex.Transaction, id: number): Promise<ClaimRow | null> {
    const row = await trx('business_claims').where({ id }).forUpdate().first(CLAIM_COLUMNS);
    return (row as ClaimRow | undefined) ?? null;
  },

  async decide(
    trx: Knex.Transaction,
    id: number,
    decision: { status: ClaimStatus; reason: string | null; moderatorId: number },
  ): Promise<ClaimRow> {
    const [row] = await trx('business_claims')
      .where({ id })
      .update({
        status: decision.status,
        reason: decision.reason,
        decided_by: decision.moderatorId,
        decided_at: trx.fn.now(),
      })
      .returning(CLAIM_COLUMNS);
    return row as ClaimRow;
  },

  async addOwner(trx: Knex.Transaction, claim: ClaimRow): Promise<void> {
    await trx('business_owners')
      .insert({ business_id: claim.business_id, user_id: claim.user_id, claim_id: claim.id })
      .onConflict(['business_id', 'user_id'])
      .ignore();
  },

  /** Pending claims oldest first, after the claim id `afterId`. */
  async queue(db: Knex, page: { afterId: number; limit: number }): Promise<QueuedClaimRow[]> {
    return db('business_claims as c')
      .join('businesses as b', 'b.id', 'c.business_id')
      .leftJoin('people as p', 'p.id', 'c.user_id')
      .where('c.status', 'pending')
      .andWhere('c.id', '>', page.afterId)
      .orderBy('c.id')
      .limit(page.limit)
      .select<QueuedClaimRow[]>(
        ...CLAIM_COLUMNS.map((column) => `c.${column}`),
        'b.name as business_name',
        'p.username',
        'p.name',
        db.raw(
          `(select count(*)::int from review_facts f
             where f.user_id = c.user_id and not f.hidden) as review_count`,
        ),
      );
  },

  /** identity's users: newer versions win. */
  async upsertPerson(trx: Knex.Transaction, user: UserEventData): Promise<void> {
    const { id, username, name, version } = user;
    await upsertNewestVersion(trx, 'people', 'id', { id, username, name, version });
  },

  /** The member's claims and ownerships for their data export. */
  async exportOf(db: Knex, userId: number): Promise<CatalogExport> {
    const claims = await db('business_claims as c')
      .join('businesses as b', 'b.id', 'c.business_id')
      .where('c.user_id', userId)
      .orderBy('c.id')
      .select<(ClaimRow & { business_name: string })[]>('c.*', 'b.name as business_name');
    const owned = await db('business_owners as o')
      .join('businesses as b', 'b.id', 'o.business_id')
      .where('o.user_id', userId)
      .orderBy('o.since')
      .select<{ business_id: number; business_name: string; since: Date }[]>(
        'o.business_id',
        'b.name as business_name',
        'o.since',
      );
    return {
      businessClaims: claims.map((row) => ({
        businessId: row.business_id,
        businessName: row.business_name,
        status: row.status,
        message: row.message,
        reason: row.reason,
        createdAt: row.created_at.toISOString(),
        decidedAt: row.decided_at ? row.decided_at.toISOString() : null,
      })),
      ownedBusinesses: owned.map((row) => ({
        businessId: row.business_id,
        businessName: row.business_name,
        since: row.since.toISOString(),
      })),
    };
  },

  /** A member who left: their claims, ownerships and name go. */
  async forget(trx: Knex.Transaction, userId: number): Promise<void> {
    await trx('business_owners').where({ user_id: userId }).delete();
    await trx('business_claims').where({ user_id: userId }).delete();
    await trx('people').where({ id: userId }).delete();
  },
};
