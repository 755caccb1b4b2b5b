/**
 * The scale runs' data sizes (issue 20). L is the issue's: 1M reviews by 100k users of 20k
 * businesses in 2k groups. S keeps L's proportions at a tenth (10 reviews per user, 50 per
 * business, ~190 members per group on average), so a read's cost on L against S shows what the
 * table sizes do, not a different shape. XS is for tests.
 */
export type ScaleSize = 'XS' | 'S' | 'M' | 'L';

export interface ScaleSpec {
  users: number;
  businesses: number;
  groups: number;
  reviews: number;
  /** Users 1..heavyMembers are in about 20 groups (feeds and "my groups" benches sign in as them). */
  heavyMembers: number;
}

export const SCALE_SIZES: Record<ScaleSize, ScaleSpec> = {
  XS: { users: 500, businesses: 100, groups: 20, reviews: 2_000, heavyMembers: 10 },
  S: { users: 10_000, businesses: 2_000, groups: 200, reviews: 100_000, heavyMembers: 100 },
  M: { users: 30_000, businesses: 6_000, groups: 600, reviews: 300_000, heavyMembers: 300 },
  L: { users: 100_000, businesses: 20_000, groups: 2_000, reviews: 1_000_000, heavyMembers: 1_000 },
};

export function isScaleSize(value: string): value is ScaleSize {
  return Object.hasOwn(SCALE_SIZES, value);
}
