/**
 * How long one value kept under a safety-net `ttlMs` lives: a random time between three
 * quarters of it and all of it. Values loaded together (every group's page in the first second
 * after a start) would otherwise all end together and be loaded again at once: a stall of a few
 * hundred loads, every `ttlMs` (docs/performance.md, "Twenty-ninth session"). A quarter of
 * `ttlMs` spreads such a burst over seconds and takes little off what a value lives; `ttlMs`
 * stays the longest anything is kept.
 */
export function staggeredTtl(ttlMs: number, random: () => number = Math.random): number {
  return Math.max(1, Math.ceil(ttlMs * (1 - QUARTER * random())));
}

const QUARTER = 0.25;
