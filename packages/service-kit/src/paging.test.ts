import fc from 'fast-check';
import { renderPage } from './paging';
import { weakEtag } from './weak-etag';

describe('renderPage', () => {
  it("holds the items' JSON as bytes, and the page's cursor and count as they were", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ id: fc.nat(), name: fc.string() })),
        fc.option(fc.string(), { nil: null }),
        fc.option(fc.nat(), { nil: undefined }),
        (items, nextCursor, total) => {
          const page = renderPage({ items, nextCursor, ...(total === undefined ? {} : { total }) });
          expect(Buffer.isBuffer(page.json)).toBe(true);
          expect(JSON.parse(page.json.toString('utf8'))).toEqual(items);
          expect(page.nextCursor).toBe(nextCursor);
          expect(page.total).toBe(total);
          expect(page.etag).toBe(weakEtag(page.json));
          expect('items' in page).toBe(false);
        },
      ),
    );
  });
});
