import { NEXT_CURSOR_HEADER, TOTAL_COUNT_HEADER, type Page } from '@trustcircle/contracts';
import type { Response } from 'express';
import { isNoStore } from './http-app';
import { weakEtag } from './weak-etag';

/** The paging headers: the next page's cursor, and the list's size when it was counted. */
function setPageHeaders(res: Response, page: Omit<Page<unknown>, 'items'>): void {
  if (page.nextCursor) res.set(NEXT_CURSOR_HEADER, page.nextCursor);
  if (page.total !== undefined) res.set(TOTAL_COUNT_HEADER, String(page.total));
}

/** Design §5 lists: a JSON array, the next page's cursor in `X-Next-Cursor`. */
export function sendPage<T>(res: Response, page: Page<T>): void {
  setPageHeaders(res, page);
  res.json(page.items);
}

/** A JSON body that is text already (rendered by the database): sent as it is. */
export function sendJsonText(res: Response, json: string): void {
  res.type('application/json').send(json);
}

/** `sendPage` for items that are JSON texts already. */
export function sendJsonTextPage(res: Response, page: Page<string>): void {
  setPageHeaders(res, page);
  sendJsonText(res, `[${page.items.join(',')}]`);
}

/**
 * A page rendered once to the bytes of its JSON array, for a cache to keep and send as they are.
 * One buffer, held outside the JS heap, where a page of row objects is hundreds of small objects
 * that every kept answer promotes into the old generation and every collection copies or marks:
 * catalog's kept searches were most of its collections' work under searches
 * (docs/performance.md, "Thirtieth session").
 */
export interface RenderedPage extends Omit<Page<unknown>, 'items'> {
  json: Buffer;
  /**
   * Its validator: hashed the first time an answer a cache may keep is sent (a kept page, once
   * for all its answers), never for a page only sent `no-store`.
   */
  readonly etag: string;
}

export function renderPage<T>({ items, ...paging }: Page<T>): RenderedPage {
  const json = Buffer.from(JSON.stringify(items));
  let etag: string | undefined;
  return {
    ...paging,
    json,
    get etag() {
      return (etag ??= weakEtag(json));
    },
  };
}

/** `sendPage` for a page rendered already: with its validator where a cache may keep it. */
export function sendRenderedPage(res: Response, page: RenderedPage): void {
  setPageHeaders(res, page);
  if (!isNoStore(res)) res.setHeader('ETag', page.etag);
  res.type('application/json').send(page.json);
}
