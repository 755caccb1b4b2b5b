import type { ReporterStanding, ReviewModeration, ReviewStatus } from '@trustcircle/contracts';

/**
 * A member's standing and what it weighs (design §9; the table is docs/security.md
 * "Moderation"). Pure: ages come in already measured.
 *
 *   report weight = base × accuracy
 *     base     = 1.0 verified identity
 *                0.5 unverified, account at least ESTABLISHED_ACCOUNT_DAYS old
 *                0.2 unverified, newer, confirmed e-mail address
 *                0.1 unverified, newer (or age unknown), e-mail not confirmed
 *     accuracy = (upheld + 1) / (upheld + rejected + 1)   over the reporter's decided reports
 *
 * A review's open reports queue it; once their weights sum to HOLD_THRESHOLD it is held.
 */
export const VERIFIED_REPORT_WEIGHT = 1;
export const ESTABLISHED_REPORT_WEIGHT = 0.5;
export const NEW_ACCOUNT_REPORT_WEIGHT = 0.1;
/** A confirmed address costs a real mailbox per account: twice a bare new account's weight. */
export const CONFIRMED_NEW_ACCOUNT_REPORT_WEIGHT = 0.2;
/** Accounts at least this old count as established (reports) and not new (trust score). */
export const ESTABLISHED_ACCOUNT_DAYS = 7;
export const HOLD_THRESHOLD = 1;
/** Sums of tenths are not exact in binary (ten 0.1 weights add up to 0.9999999999999999). */
const WEIGHT_EPSILON = 1e-9;

const DAY_MS = 86_400_000;

export type ReporterRecord = Omit<ReporterStanding, 'weight'>;

/** Whole days between an account's creation and `at`; 0 when the creation is unknown. */
export function accountAgeDays(createdAt: Date | null, at: Date): number {
  if (!createdAt) return 0;
  return Math.max(0, Math.floor((at.getTime() - createdAt.getTime()) / DAY_MS));
}

export function baseReportWeight(
  record: Pick<ReporterRecord, 'verified' | 'accountAgeDays' | 'emailConfirmed'>,
) {
  if (record.verified) return VERIFIED_REPORT_WEIGHT;
  if (record.accountAgeDays >= ESTABLISHED_ACCOUNT_DAYS) return ESTABLISHED_REPORT_WEIGHT;
  return record.emailConfirmed ? CONFIRMED_NEW_ACCOUNT_REPORT_WEIGHT : NEW_ACCOUNT_REPORT_WEIGHT;
}

/** Reporters whose reports moderators rejected weigh less; upheld ones win it back. */
export function accuracyFactor(upheld: number, rejected: number): number {
  const up = Math.max(0, upheld);
  return (up + 1) / (up + Math.max(0, rejected) + 1);
}

export function standingOf(record: ReporterRecord): ReporterStanding {
  const weight =
    baseReportWeight(record) * accuracyFactor(record.upheldReports, record.rejectedReports);
  return { ...record, weight };
}

export function shouldHold(openReportWeight: number): boolean {
  return openReportWeight + WEIGHT_EPSILON >= HOLD_THRESHOLD;
}

/**
 * Whether a review was written from an account younger than ESTABLISHED_ACCOUNT_DAYS (it weighs
 * less in trust scores). Unknown creation: not new, so no review is weighed down on missing data.
 */
export function writtenByNewAccount(accountCreatedAt: Date | null, reviewCreatedAt: Date): boolean {
  if (!accountCreatedAt) return false;
  return reviewCreatedAt.getTime() - accountCreatedAt.getTime() < ESTABLISHED_ACCOUNT_DAYS * DAY_MS;
}

export interface ModerationState {
  status: ReviewStatus;
  reason: string | null;
  decidedAt: Date | null;
  appealed: boolean;
}

/** What the author and moderators see of a review's moderation; one appeal per decision. */
export function moderationOf(state: ModerationState): ReviewModeration {
  return {
    status: state.status,
    reason: state.reason,
    decidedAt: state.decidedAt ? state.decidedAt.toISOString() : null,
    appealed: state.appealed,
    canAppeal: state.status !== 'published' && !state.appealed,
  };
}
