/**
 * Unusual review activity (issue 15 part 6, like Yelp's consumer alerts; docs/security.md
 * "Moderation"). Pure. A business's reviews of the last BURST_WINDOW_HOURS are a burst when
 *
 *   lastWindow >= BURST_MIN_REVIEWS  and  lastWindow > BURST_FACTOR × dailyMean
 *
 * where dailyMean = reviews of the BASELINE_DAYS before the window / BASELINE_DAYS. A burst
 * flags the business and queues its window's reviews for moderators (without hiding them); the
 * flag clears when moderators have decided them all, or FLAG_HOURS after it was raised.
 */
export const BURST_MIN_REVIEWS = 10;
export const BURST_WINDOW_HOURS = 24;
export const BASELINE_DAYS = 30;
export const BURST_FACTOR = 5;
export const FLAG_HOURS = 72;

const HOUR_MS = 3_600_000;

export interface ActivityCounts {
  /** Reviews written in the BURST_WINDOW_HOURS up to now (this one included). */
  lastWindow: number;
  /** Reviews written in the BASELINE_DAYS before that window. */
  baseline: number;
}

export function dailyMean(baseline: number): number {
  return Math.max(0, baseline) / BASELINE_DAYS;
}

export function isBurst(counts: ActivityCounts, minReviews = BURST_MIN_REVIEWS): boolean {
  return (
    counts.lastWindow >= minReviews && counts.lastWindow > BURST_FACTOR * dailyMean(counts.baseline)
  );
}

/** The window and baseline ranges ending at `at` (half-open, newest end included). */
export function activityRanges(at: Date): { windowStart: Date; baselineStart: Date } {
  const windowStart = new Date(at.getTime() - BURST_WINDOW_HOURS * HOUR_MS);
  const baselineStart = new Date(windowStart.getTime() - BASELINE_DAYS * 24 * HOUR_MS);
  return { windowStart, baselineStart };
}

/** Whether a flag raised at `flaggedAt` has run its course by `now`. */
export function flagExpired(flaggedAt: Date, now: Date, flagHours = FLAG_HOURS): boolean {
  return now.getTime() - flaggedAt.getTime() >= flagHours * HOUR_MS;
}
