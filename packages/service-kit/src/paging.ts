import { NEXT_CURSOR_HEADER, type Page } from '@trustcircle/contracts';
import type { Response } from 'express';

/** Design §5 lists: a JSON array, the next page's cursor in `X-Next-Cursor`. */
export function sendPage<T>(res: Response, page: Page<T>): void {
  if (page.nextCursor) res.set(NEXT_CURSOR_HEADER, page.nextCursor);
  res.json(page.items);
}
