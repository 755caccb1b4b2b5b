/** Pure helpers shared by the shell and the remotes (spec §2, §4, §8, §9). */

// Counts are written the same in the pages the gateway paints before any script has run.
export { countLabel, formatCount } from '@trustcircle/contracts/frontends';

/** Non-blank search text, trimmed; `null` when blank (spec §5). */
export function searchText(value: unknown): string | null {
  const text = typeof value === 'string' ? value.trim() : '';
  return text ? text : null;
}

/** Initials: first letters of the first two words of the name, else the username's first two letters. */
export function initials(name?: string | null, username?: string | null): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length > 0) {
    return words
      .slice(0, 2)
      .map((word) => Array.from(word)[0] ?? '')
      .join('')
      .toUpperCase();
  }
  const handle = (username ?? '').trim();
  if (handle) return Array.from(handle).slice(0, 2).join('').toUpperCase();
  return '?';
}

export interface Level {
  level: number;
  title: string;
  progress: number;
}

const LEVELS: Array<Level & { min: number }> = [
  { min: 100, level: 5, title: 'Expert Reviewer', progress: 100 },
  { min: 50, level: 4, title: 'Trusted Reviewer', progress: 80 },
  { min: 25, level: 3, title: 'Frequent Reviewer', progress: 60 },
  { min: 10, level: 2, title: 'Active Member', progress: 40 },
  { min: -Infinity, level: 1, title: 'New Member', progress: 20 },
];

/** Profile score = 10 per review + 5 per group + 2 per helpful vote (spec §4). */
export function profileScore(reviews: number, groups: number, helpfulVotes: number): number {
  return 10 * reviews + 5 * groups + 2 * helpfulVotes;
}

export function levelFromScore(score: number): Level {
  const found = LEVELS.find((entry) => score >= entry.min) ?? LEVELS[LEVELS.length - 1]!;
  return { level: found.level, title: found.title, progress: found.progress };
}

export type TrustTone = 'green' | 'amber' | 'orange' | 'red';

export const TRUST_COLOURS: Record<TrustTone, string> = {
  green: '#2e7d32',
  amber: '#f59e0b',
  orange: '#f97316',
  red: '#dc2626',
};

/** Trust-score bar colour: 4.5+ green, 4+ amber, 3+ orange, otherwise red (spec §4). */
export function trustTone(score: number): TrustTone {
  if (score >= 4.5) return 'green';
  if (score >= 4) return 'amber';
  if (score >= 3) return 'orange';
  return 'red';
}

export function trustColour(score: number): string {
  return TRUST_COLOURS[trustTone(score)];
}

/** Bar width in percent: score divided by 5, clamped to 0–100. */
export function trustWidth(score: number): number {
  if (!Number.isFinite(score)) return 0;
  return Math.min(100, Math.max(0, (score / 5) * 100));
}

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

// Intl formatters are costly to build (toLocaleString builds one per call: 4 % of /explore's
// first load at 4× CPU slowdown), so each is built once, on first use.
let relative: Intl.RelativeTimeFormat | undefined;
let longDates: Intl.DateTimeFormat | undefined;
const relativeFormat = () => (relative ??= new Intl.RelativeTimeFormat('en', { numeric: 'auto' }));

/** "3 days ago", "just now", … ; "Invalid date" when unparsable (spec §8). */
export function relativeDate(value: unknown, now: Date = new Date()): string {
  if (value === null || value === undefined || value === '') return 'Invalid date';
  const date = value instanceof Date ? value : new Date(value as string | number);
  const time = date.getTime();
  if (Number.isNaN(time)) return 'Invalid date';
  const seconds = Math.round((time - now.getTime()) / 1000);
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return relativeFormat().format(Math.trunc(seconds / size), unit);
  }
  return 'just now';
}

/**
 * "{status}: {message}": the `message` field of a JSON error body, else the body text, else
 * the status text (spec §8, design §5).
 */
export function formatErrorMessage(status: number, statusText: string, bodyText: string): string {
  const text = bodyText.trim();
  let message = text;
  if (text.startsWith('{')) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (
        parsed &&
        typeof parsed === 'object' &&
        typeof (parsed as { message?: unknown }).message === 'string' &&
        (parsed as { message: string }).message.trim()
      ) {
        message = (parsed as { message: string }).message;
      }
    } catch {
      // not JSON after all: keep the text
    }
  }
  if (!message) message = statusText || 'Request failed';
  return `${status}: ${message}`;
}

/** The message after "{status}: ", for notices that show the server's words. */
export function errorText(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}

/**
 * Text without the "{status}: " of an error message (what people read: the server's words,
 * not codes), also after a lead-in ("Failed to join group: 409: …" → "Failed to join group: …").
 */
export function withoutStatus(text: string): string {
  return text.replace(/(^|: )\d{3}: /, '$1');
}

/** The server's own words, without the "{status}: " prefix (for a message under a field). */
export function apiMessage(error: unknown): string {
  return withoutStatus(errorText(error));
}

export const RATING_CAPTIONS: Record<number, string> = {
  1: 'Poor - I would not recommend this',
  2: 'Fair - Several issues, not great',
  3: 'Average - OK but has some problems',
  4: 'Good - Recommended with minor issues',
  5: 'Excellent - Highly recommended!',
};

/** Full, half and empty stars for a rating on the 5-star scale (half-star display). */
export function starFills(rating: number, max = 5): Array<'full' | 'half' | 'empty'> {
  const value = Number.isFinite(rating) ? Math.min(max, Math.max(0, rating)) : 0;
  const rounded = Math.round(value * 2) / 2;
  return Array.from({ length: max }, (_, index) => {
    if (rounded >= index + 1) return 'full';
    if (rounded >= index + 0.5) return 'half';
    return 'empty';
  });
}

/** Cut text to `max` characters with an ellipsis. */
export function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max).trimEnd()}…`;
}

/** "12 March 2026" (day, month name, year); `null` when unparsable or absent. */
export function longDate(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  const date = new Date(value as string);
  if (Number.isNaN(date.getTime())) return null;
  longDates ??= new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
  return longDates.format(date);
}

/** The verified badge's title (spec §4 "Verified Reviewer"), with the date when it is known. */
export function verifiedTitle(verifiedAt?: string | null): string {
  const date = longDate(verifiedAt);
  return date ? `Verified Reviewer since ${date}` : 'Verified Reviewer';
}

/**
 * The status notices of `packages/contracts/src/moderation.ts` (REVIEW_HELD_NOTICE,
 * REVIEW_REMOVED_NOTICE), repeated here so the shared bundle carries no zod; helpers.test.ts
 * keeps the two equal.
 */
export const MODERATION_NOTICES = {
  held: 'Hidden pending review',
  removed: 'Removed by a moderator',
} as const;

/** The notice for a review's moderation status; `null` for a published review (or none). */
export function moderationNotice(status: string | null | undefined): string | null {
  return status === 'held' || status === 'removed' ? MODERATION_NOTICES[status] : null;
}

/** Whether the signed-in user holds the moderator role (design §9). */
export function isModerator(user: { roles?: readonly string[] | null } | null | undefined) {
  return Boolean(user?.roles?.includes('moderator'));
}

/**
 * A member's public profile page. Here, not with the people components of
 * `@trustcircle/ui/reviews`: the bell's notifications link to profiles, and that shared module
 * would otherwise load with every signed-in page.
 */
export const profilePath = (username: string) => `/users/${encodeURIComponent(username)}`;
