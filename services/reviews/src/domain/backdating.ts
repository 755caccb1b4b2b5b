import {
  REVIEW_BACKDATING_DISABLED,
  REVIEW_WRITTEN_AT_HEADER,
  REVIEW_WRITTEN_AT_INVALID,
} from '@trustcircle/contracts';
import { fieldError } from '@trustcircle/service-kit';
import { z } from 'zod';

/** The oldest a backdated review may be: the demo spreads its reviews over one year. */
export const BACKDATE_MAX_DAYS = 2 * 365;
/** Clocks of the seed and this service may differ a little. */
const CLOCK_SKEW_MS = 60_000;
const DAY_MS = 86_400_000;

const IsoDateTime = z.iso.datetime({ offset: true });

/**
 * When a new review was written: `null` (now) without the header; with it, the date it names,
 * only where backdating is allowed (ALLOW_BACKDATED_REVIEWS, never in production). Anywhere
 * else the header is a 400, not ignored, so a caller cannot think a date was taken.
 */
export function writtenAt(
  header: string | undefined,
  allowed: boolean,
  now: Date = new Date(),
): Date | null {
  if (header === undefined) return null;
  if (!allowed) throw fieldError(REVIEW_WRITTEN_AT_HEADER, REVIEW_BACKDATING_DISABLED);
  const value = header.trim();
  if (!IsoDateTime.safeParse(value).success) {
    throw fieldError(REVIEW_WRITTEN_AT_HEADER, REVIEW_WRITTEN_AT_INVALID);
  }
  const date = new Date(value);
  const ageMs = now.getTime() - date.getTime();
  if (ageMs < -CLOCK_SKEW_MS || ageMs > BACKDATE_MAX_DAYS * DAY_MS) {
    throw fieldError(REVIEW_WRITTEN_AT_HEADER, REVIEW_WRITTEN_AT_INVALID);
  }
  return date;
}
