import { preloadsOf } from './remote-preloads';

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

describe('preloadsOf', () => {
  it('hints the manifest, the entry and the route table, not the pages behind it', () => {
    expect(preloadsOf('/mfe/business/mf-manifest.json', manifest)).toEqual([
      '</mfe/business/mf-manifest.json>; rel=preload; as=fetch; crossorigin',
      '</mfe/business/remoteEntry.js>; rel=preload; as=script',
      '</mfe/business/static/js/806.bb2fdb2e54.js>; rel=preload; as=script',
      '</mfe/business/static/css/806.c1e8bf3827.css>; rel=preload; as=style',
    ]);
  });

  it('hints the manifest alone when the base is worked out in the browser or missing', () => {
    const only = ['</m.json>; rel=preload; as=fetch; crossorigin'];
    expect(preloadsOf('/m.json', { ...manifest, metaData: { publicPath: 'auto' } })).toEqual(only);
    expect(preloadsOf('/m.json', {})).toEqual(only);
    expect(preloadsOf('/m.json', { metaData: { publicPath: 'https://cdn.example/x/' } })).toEqual(
      only,
    );
  });

  it("never writes a manifest's odd names into the header", () => {
    const odd = {
      metaData: { publicPath: '/mfe/x/', remoteEntry: { name: 'e.js>; rel=stylesheet' } },
      exposes: [
        { path: './routes', assets: { js: { sync: ['a b.js', 'ok.js', 7, '../../api/user'] } } },
      ],
    };
    expect(preloadsOf('/mfe/x/m.json', odd)).toEqual([
      '</mfe/x/m.json>; rel=preload; as=fetch; crossorigin',
      '</mfe/x/ok.js>; rel=preload; as=script',
    ]);
  });
});
