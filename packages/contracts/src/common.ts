import { z } from 'zod';

/** Integer ids as they appear in paths (`/api/groups/12`); anything else is "not found". */
export const IdSchema = z.coerce.number().int().positive().max(2_147_483_647);

export const IsoDateTimeSchema = z.string();

/** A page's size when `?limit=` is not given. */
export const DEFAULT_PAGE_LIMIT = 50;

/** Design §5 paging: `?limit=` default 50, max 100; `?cursor=` opaque. */
export const PageQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(100, 'limit must be at most 100')
    .default(DEFAULT_PAGE_LIMIT),
  cursor: z.string().max(200, 'cursor is invalid').optional(),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;

export const NEXT_CURSOR_HEADER = 'X-Next-Cursor';

/** How many items the whole list holds: on a first page asked with `?total=true`. */
export const TOTAL_COUNT_HEADER = 'X-Total-Count';

/** `?total=true` asks for `X-Total-Count` (a count costs a query, so only screens that show it ask). */
export const TotalFlagSchema = z
  .enum(['true', 'false'], { error: 'total must be true or false' })
  .optional()
  .transform((value) => value === 'true');

/** One page of a list: the items, and the cursor of the next page (absent on the last). */
export interface Page<T> {
  items: T[];
  nextCursor?: string | null;
  /** The whole list's size, when it was asked for (`TOTAL_COUNT_HEADER`). */
  total?: number;
}
