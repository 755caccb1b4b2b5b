/**
 * SQL helpers of the scale loader. Randomness is a hash of a row's own numbers, not random():
 * the same size gives the same rows whatever plan, parallel workers or order Postgres picks.
 */
import type { ScaleSpec } from './sizes.ts';

/** A uniform number in [0, 1) for the bigint `expr`, one stream per `salt`. */
export const rnd = (expr: string, salt: number) =>
  `((hashint8extended((${expr})::bigint, ${salt}) & 281474976710655)::float8 / 281474976710656)`;

/** `days` before the load's anchor, plus up to `spread` days, whole seconds (events carry ms). */
export const before = (anchor: string, days: number, spread: number, u: string) =>
  `(timestamptz '${anchor}' - interval '${days} days' - floor(${u} * ${spread * 86400}) * interval '1 second')`;

/** Everything a statement needs to know about the size: literal integers of our own spec. */
export interface Shape extends ScaleSpec {
  /** ISO time the reviews' year ends at (the load's start, whole seconds). */
  anchor: string;
  /** Most votes one review gets: below the number of possible voters. */
  maxVotes: number;
}

/** One statement filling one table. */
export interface Fill {
  table: string;
  sql: string;
}
