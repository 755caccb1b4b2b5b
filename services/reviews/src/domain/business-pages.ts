import { DEFAULT_PAGE_LIMIT } from '@trustcircle/contracts';
import { businessScope, type KeptWhileUnchanged, type Knex } from '@trustcircle/service-kit';
import { viewOf, type PageArgs, type ReviewView, type SharedCard } from '../store/review-cards';
import { reviewsStore } from '../store/reviews-store';

/** A business's page as kept: its cards as everyone sees them, and who voted for which. */
export interface KeptPage {
  cards: readonly SharedCard[];
  /**
   * Each card's voters, ascending; null when a card has too many to keep (a member's page is
   * then read whole). A typed array a card: a map of voters to their voted cards cost some 60
   * bytes a vote, and the business pages of the mixed workload outgrew KEPT_PAGES_MB.
   */
  voters: readonly Int32Array[] | null;
}

export type KeptBusinessPages = KeptWhileUnchanged<KeptPage>;

/** Voters of one review kept at most; a page with a review of more is read whole for members. */
const MOST_KEPT_VOTERS = 200;

/** What a kept page weighs: its cards' text, a little for each row's other fields, its votes. */
export const sizeOfPage = (page: KeptPage): number => {
  let bytes = 0;
  for (const card of page.cards) bytes += card.card.length + (card.reply?.length ?? 0) + 64;
  for (const voters of page.voters ?? []) bytes += 64 + voters.byteLength;
  return bytes;
};

/** Each row's voters, ascending; null when one has more than are kept. */
export function votersOf(
  rows: readonly { voters: readonly number[] }[],
  mostVoters: number,
): Int32Array[] | null {
  if (rows.some(({ voters }) => voters.length > mostVoters)) return null;
  return rows.map(({ voters }) => Int32Array.from(voters).sort());
}

/** Whether `voter` is among `voters` (ascending). */
export function votedAmong(voters: Int32Array, voter: number): boolean {
  let low = 0;
  let high = voters.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const found = voters[middle]!;
    if (found === voter) return true;
    if (found < voter) low = middle + 1;
    else high = middle - 1;
  }
  return false;
}

/**
 * A business's page of reviews for a viewer. Its first page is half of the composed business
 * page, read by every visitor and member of it: it is kept once for everyone while nothing it
 * shows has changed (`kept`: no write announced for the business, `business:<id>`, by the
 * tables migration 017 scopes (its reviews, votes, tags, replies, projection row, moderation
 * queue, log and unusual activity), nor to the rest of reviews' tables), its cards with the
 * votes on them, and a viewer's `hasVoted` is looked up in memory: a page read from memory
 * costs Postgres nothing (docs/performance.md, sixteenth session). Later pages, and pages of
 * another size, are read whole: few read them.
 */
export function businessPages(
  db: Knex,
  kept: KeptBusinessPages | undefined,
  mostKeptVoters = MOST_KEPT_VOTERS,
) {
  /** One statement, as a page read whole is: a page missed while votes come in costs no more. */
  const load = async (businessId: number, page: PageArgs): Promise<KeptPage> => {
    const rows = await reviewsStore.businessCards(db, businessId, page, mostKeptVoters);
    const cards = rows.map(({ voters: _voters, ...card }) => card);
    return { cards, voters: votersOf(rows, mostKeptVoters) };
  };

  return async (
    businessId: number,
    page: PageArgs,
    viewerId: number | null,
  ): Promise<ReviewView[]> => {
    // Only the page every business page shows: other sizes would be more copies of it.
    if (!kept || page.before !== null || page.limit !== DEFAULT_PAGE_LIMIT) {
      return reviewsStore.businessPage(db, businessId, page, viewerId);
    }
    // Its scope, as its tables announce their writes (migrations/017): writes to other
    // businesses leave it.
    const shown = await kept.read(
      String(businessId),
      () => load(businessId, page),
      businessScope(businessId),
    );
    if (viewerId === null) return shown.cards.map((card) => viewOf(card, false));
    // Too many votes to keep: a member's page is read whole, as it was before any keeping.
    const { voters } = shown;
    if (!voters) return reviewsStore.businessPage(db, businessId, page, viewerId);
    return shown.cards.map((card, i) => viewOf(card, votedAmong(voters[i]!, viewerId)));
  };
}
