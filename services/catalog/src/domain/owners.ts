import {
  ALREADY_OWNER,
  BUSINESS_NOT_FOUND,
  CLAIM_ALREADY_DECIDED,
  CLAIM_NOT_FOUND,
  CLAIM_PENDING,
  type BusinessOwnership,
  type Claim,
  type ClaimDecisionRequest,
  type ClaimQueueItem,
  type PageQuery,
} from '@trustcircle/contracts';
import {
  conflict,
  cursorCodec,
  cursorId,
  cutPage,
  isUniqueViolation,
  notFound,
  publish,
  type Knex,
} from '@trustcircle/service-kit';
import {
  ONE_PENDING_KEY,
  ownersStore,
  type ClaimRow,
  type QueuedClaimRow,
} from '../store/owners-store';

const queueCursor = cursorCodec('claims', cursorId);

export function toClaim(row: ClaimRow): Claim {
  return {
    id: row.id,
    businessId: row.business_id,
    status: row.status,
    message: row.message,
    reason: row.reason,
    createdAt: row.created_at.toISOString(),
    decidedAt: row.decided_at ? row.decided_at.toISOString() : null,
  };
}

function toQueueItem(row: QueuedClaimRow): ClaimQueueItem {
  return {
    ...toClaim(row),
    business: { id: row.business_id, name: row.business_name },
    // A claimant whose identity event has not arrived yet is shown by id until it does.
    claimant: {
      id: row.user_id,
      username: row.username ?? String(row.user_id),
      name: row.name ?? '',
      reviewCount: row.review_count,
    },
  };
}

/**
 * Whether a member may open a claim: not when they own the business already, nor while a claim
 * of theirs waits (design: one open claim per member and business). Null means they may.
 */
export function claimRefusal(state: { isOwner: boolean; hasPending: boolean }): string | null {
  if (state.isOwner) return ALREADY_OWNER;
  if (state.hasPending) return CLAIM_PENDING;
  return null;
}

/** Claims (members), the claims queue and decisions (moderators), owners (everyone). */
export function createOwners({ db }: { db: Knex }) {
  const requireBusiness = async (db: Knex, businessId: number) => {
    if (!(await ownersStore.businessExists(db, businessId))) throw notFound(BUSINESS_NOT_FOUND);
  };

  return {
    async ownership(businessId: number, viewerId: number | null): Promise<BusinessOwnership> {
      await requireBusiness(db, businessId);
      const owners = await ownersStore.owners(db, businessId);
      if (viewerId === null) return { owners, isOwner: false, claim: null };
      const [isOwner, claim] = await Promise.all([
        ownersStore.isOwner(db, businessId, viewerId),
        ownersStore.latestClaim(db, businessId, viewerId),
      ]);
      return { owners, isOwner, claim: claim ? toClaim(claim) : null };
    },

    async claim(userId: number, businessId: number, message: string): Promise<Claim> {
      return db.transaction(async (trx) => {
        await requireBusiness(trx, businessId);
        const refusal = claimRefusal({
          isOwner: await ownersStore.isOwner(trx, businessId, userId),
          hasPending: await ownersStore.hasPending(trx, businessId, userId),
        });
        if (refusal) throw conflict(refusal);
        try {
          return toClaim(await ownersStore.insertClaim(trx, { businessId, userId, message }));
        } catch (error) {
          // Two claims sent at once: the index lets one through.
          if (isUniqueViolation(error, ONE_PENDING_KEY)) throw conflict(CLAIM_PENDING);
          throw error;
        }
      });
    },

    async queue(query: PageQuery) {
      const afterId = queueCursor.decode(query.cursor) ?? 0;
      const rows = await ownersStore.queue(db, { afterId, limit: query.limit + 1 });
      return cutPage(rows.map(toQueueItem), query.limit, queueCursor, (last) => last.id);
    },

    /** Approving makes the claimant an owner and tells the services that project owners. */
    async decide(
      moderatorId: number,
      claimId: number,
      input: ClaimDecisionRequest,
    ): Promise<Claim> {
      return db.transaction(async (trx) => {
        const claim = await ownersStore.lockClaim(trx, claimId);
        if (!claim) throw notFound(CLAIM_NOT_FOUND);
        if (claim.status !== 'pending') throw conflict(CLAIM_ALREADY_DECIDED);
        const approved = input.action === 'approve';
        const decided = await ownersStore.decide(trx, claimId, {
          status: approved ? 'approved' : 'rejected',
          reason: approved ? null : input.reason,
          moderatorId,
        });
        if (approved) {
          await ownersStore.addOwner(trx, decided);
          await publish(trx, 'catalog.owner.approved', {
            businessId: decided.business_id,
            userId: decided.user_id,
            claimId: decided.id,
            approvedAt: (decided.decided_at ?? new Date()).toISOString(),
          });
        }
        return toClaim(decided);
      });
    },
  };
}
export type Owners = ReturnType<typeof createOwners>;
