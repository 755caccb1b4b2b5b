/** Pure rules of the groups screens (spec §2, §5, §9), unit-tested in logic.test.ts. */
import type { Review } from '@trustcircle/contracts';

export { countLabel } from '@trustcircle/ui';

/** "Est. May 1, 2026"; empty when the date is unparsable. */
export function establishedLabel(createdAt: string | null | undefined): string {
  const date = createdAt ? new Date(createdAt) : null;
  if (!date || Number.isNaN(date.getTime())) return '';
  return `Est. ${date.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' })}`;
}

/** Spec §9: default colour #009688; anything but `#RRGGBB` falls back to it. */
export const DEFAULT_COLOUR = '#009688';
export function groupColour(color: string | null | undefined): string {
  return color && /^#[0-9a-f]{6}$/i.test(color) ? color : DEFAULT_COLOUR;
}

/** The colour choices of the Create Group dialog (white icons stay legible on each). */
export const COLOUR_CHOICES: Array<{ name: string; value: string }> = [
  { name: 'Teal', value: '#009688' },
  { name: 'Blue', value: '#1e88e5' },
  { name: 'Indigo', value: '#3949ab' },
  { name: 'Purple', value: '#8e24aa' },
  { name: 'Pink', value: '#d81b60' },
  { name: 'Red', value: '#e53935' },
  { name: 'Orange', value: '#f4511e' },
  { name: 'Green', value: '#43a047' },
  { name: 'Slate', value: '#546e7a' },
];

/** What the highlights read of a review. */
export type HighlightReview = Pick<Review, 'businessId' | 'businessName' | 'rating' | 'createdAt'>;

export interface GroupHighlights {
  reviewsThisWeek: number;
  /** Businesses with the most reviews in the group, most first (ties: best average, then name). */
  topBusinesses: Array<{ id: number; name: string; reviews: number; averageRating: number }>;
  averageRating: number | null;
  lastReviewAt: string | null;
}

const WEEK_MS = 7 * 24 * 3600 * 1000;

/**
 * The Group Highlights sidebar from the group's own reviews. The spec hard-codes categories;
 * reviews carry no business category (and no API answers categories per group), so we show
 * what the reviews do tell: reviews in the last 7 days and the most-reviewed businesses.
 */
export function computeHighlights(
  reviews: HighlightReview[],
  now: Date = new Date(),
  top = 3,
): GroupHighlights {
  const since = now.getTime() - WEEK_MS;
  let reviewsThisWeek = 0;
  let sum = 0;
  let latest: number | null = null;
  let latestIso: string | null = null;
  const byBusiness = new Map<number, { id: number; name: string; reviews: number; sum: number }>();
  for (const review of reviews) {
    const time = Date.parse(review.createdAt);
    if (Number.isFinite(time)) {
      if (time >= since && time <= now.getTime() + 60_000) reviewsThisWeek += 1;
      if (latest === null || time > latest) {
        latest = time;
        latestIso = review.createdAt;
      }
    }
    sum += review.rating;
    const entry = byBusiness.get(review.businessId) ?? {
      id: review.businessId,
      name: review.businessName || `Business #${review.businessId}`,
      reviews: 0,
      sum: 0,
    };
    entry.reviews += 1;
    entry.sum += review.rating;
    byBusiness.set(review.businessId, entry);
  }
  const topBusinesses = [...byBusiness.values()]
    .map((entry) => ({
      id: entry.id,
      name: entry.name,
      reviews: entry.reviews,
      averageRating: entry.sum / entry.reviews,
    }))
    .sort(
      (a, b) =>
        b.reviews - a.reviews || b.averageRating - a.averageRating || a.name.localeCompare(b.name),
    )
    .slice(0, top);
  return {
    reviewsThisWeek,
    topBusinesses,
    averageRating: reviews.length ? sum / reviews.length : null,
    lastReviewAt: latestIso,
  };
}

/** `/groups/{id}`: a positive integer id, else null (the page shows the not-found panel). */
export function parseGroupId(value: string | null | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}
