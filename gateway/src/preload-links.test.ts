import { entryPreloads, linkHeader, pagePreloads } from './preload-links';

const manifest = {
  metaData: { publicPath: '/mfe/business/', remoteEntry: { name: 'remoteEntry.js', path: '' } },
  exposes: [
    { path: './other', assets: { js: { sync: ['static/js/1.js'] } } },
    {
      path: './routes',
      assets: {
        js: { sync: ['static/js/806.bb2fdb2e54.js'], async: ['static/js/420.58d6c1545f.js'] },
        css: { sync: ['static/css/806.c1e8bf3827.css'] },
      },
    },
  ],
};

const pages = {
  '/business/:id': ['static/js/943.a.js', 'static/js/971.b.js', 'static/css/943.c.css'],
  '/business/new': ['static/js/788.d.js', 'static/js/971.b.js'],
  '/explore': ['static/js/550.e.js'],
};

describe('entryPreloads', () => {
  it("hints the remote's entry and its route table's script and style, not the pages behind it", () => {
    expect(entryPreloads(manifest)).toEqual([
      ['/mfe/business/remoteEntry.js', 'script'],
      ['/mfe/business/static/js/806.bb2fdb2e54.js', 'script'],
      ['/mfe/business/static/css/806.c1e8bf3827.css', 'style'],
    ]);
  });

  it('hints nothing when the base is worked out in the browser, missing or elsewhere', () => {
    expect(entryPreloads({ ...manifest, metaData: { publicPath: 'auto' } })).toEqual([]);
    expect(entryPreloads({})).toEqual([]);
    expect(entryPreloads({ metaData: { publicPath: 'https://cdn.example/x/' } })).toEqual([]);
  });

  it("never takes a manifest's odd names", () => {
    const odd = {
      metaData: { publicPath: '/mfe/x/', remoteEntry: { name: 'e.js>; rel=stylesheet' } },
      exposes: [
        { path: './routes', assets: { js: { sync: ['a b.js', 'ok.js', 7, '../../api/user'] } } },
      ],
    };
    expect(entryPreloads(odd)).toEqual([['/mfe/x/ok.js', 'script']]);
  });
});

describe('pagePreloads', () => {
  it('matches routes as the router does: static segments first, case-insensitive', () => {
    expect(pagePreloads('/mfe/business/', pages, '/business/new')).toEqual([
      ['/mfe/business/static/js/788.d.js', 'script'],
      ['/mfe/business/static/js/971.b.js', 'script'],
    ]);
    expect(pagePreloads('/mfe/business/', pages, '/Business/New/')).toEqual(
      pagePreloads('/mfe/business/', pages, '/business/new'),
    );
    expect(pagePreloads('/mfe/business/', pages, '/business/42')).toEqual([
      ['/mfe/business/static/js/943.a.js', 'script'],
      ['/mfe/business/static/js/971.b.js', 'script'],
      ['/mfe/business/static/css/943.c.css', 'style'],
    ]);
  });

  it('hints nothing for a path no page answers, without a base, or for odd files', () => {
    expect(pagePreloads('/mfe/business/', pages, '/business/7/reviews')).toEqual([]);
    expect(pagePreloads(null, pages, '/explore')).toEqual([]);
    const odd = { '/explore': ['x y.js', '../../api/user.js', 3, 'ok.js', 'readme.txt'] };
    expect(pagePreloads('/mfe/b/', odd, '/explore')).toEqual([['/mfe/b/ok.js', 'script']]);
  });
});

describe('linkHeader', () => {
  it('writes each preload once, each as its user asks for it, code at low priority', () => {
    expect(
      linkHeader([
        ['/api/businesses/7', 'read'],
        ['/mfe/b/mf-manifest.json', 'fetch'],
        ['/mfe/b/a.js', 'script'],
        ['/mfe/b/a.js', 'script'],
        ['/mfe/b/a.css', 'style'],
      ]),
    ).toBe(
      '</api/businesses/7>; rel=preload; as=fetch; crossorigin=use-credentials, ' +
        '</mfe/b/mf-manifest.json>; rel=preload; as=fetch; crossorigin, ' +
        '</mfe/b/a.js>; rel=preload; as=script; fetchpriority=low, ' +
        '</mfe/b/a.css>; rel=preload; as=style; fetchpriority=low',
    );
  });
});
