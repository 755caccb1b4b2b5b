// No runtime imports: scripts/reconcile (run from source by Node) reads the times with it too.

/**
 * The times a business's group sums are read at: its decay reference, and the time its group
 * sums are relative to (null: the reference itself; trust-score.ts `groupSumsAt`).
 */
export interface GroupSumsTimes {
  newest_ms: number | null;
  groups_at_ms: number | null;
}

/** `GroupSumsTimes`' columns, in whole milliseconds, of the `businesses` row aliased `b`. */
export const GROUP_SUMS_TIMES = `round(date_part('epoch', b.score_newest_at) * 1000) as newest_ms,
  round(date_part('epoch', b.group_sums_at) * 1000) as groups_at_ms`;
