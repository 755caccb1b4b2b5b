import { NEXT_CURSOR_HEADER, type Page } from '@trustcircle/contracts';
import type { Response } from 'express';

/** Design §5 lists: a JSON array, the next page's cursor in `X-Next-Cursor`. */
export function sendPage<T>(res: Response, page: Page<T>): void {
  if (page.nextCursor) res.set(NEXT_CURSOR_HEADER, page.nextCursor);
  res.json(page.items);
}

/** A JSON body that is text already (rendered by the database): sent as it is. */
export function sendJsonText(res: Response, json: string): void {
  res.type('application/json').send(json);
}

/** `sendPage` for items that are JSON texts already. */
export function sendJsonTextPage(res: Response, page: Page<string>): void {
  if (page.nextCursor) res.set(NEXT_CURSOR_HEADER, page.nextCursor);
  sendJsonText(res, `[${page.items.join(',')}]`);
}
