import { PAGE_HEAD_MARK, pageHeadFor, pageHeadHtml, pageHeadsOf, withPageHead } from './page-heads';

describe('pageHeadsOf', () => {
  it('keeps well-formed heads and leaves out anything else a remote wrote', () => {
    expect(
      pageHeadsOf({
        '/groups': { title: 'Groups', lead: 'Join communities.' },
        '/explore': { title: 'Discover', lead: 'Find places.', look: 'hero' },
        '/d': { title: 'Unknown look', lead: 'x', look: 'banner' },
        groups: { title: 'No leading slash', lead: 'x' },
        '/a': { title: 1, lead: 'x' },
        '/b': null,
        '/c': { title: 'Long', lead: 'x'.repeat(301) },
      }),
    ).toEqual({
      '/groups': { title: 'Groups', lead: 'Join communities.', look: 'page' },
      '/explore': { title: 'Discover', lead: 'Find places.', look: 'hero' },
    });
    expect(pageHeadsOf(null)).toEqual({});
    expect(pageHeadsOf('not an object')).toEqual({});
  });
});

describe('pageHeadFor', () => {
  const heads = { '/groups': { title: 'Groups', lead: 'All of them', look: 'page' as const } };

  it('answers the head of the route the router would choose, as the router matches', () => {
    expect(pageHeadFor(heads, '/groups')?.title).toBe('Groups');
    expect(pageHeadFor(heads, '/Groups/')?.title).toBe('Groups');
  });

  it('answers none for a page whose pattern has no head', () => {
    expect(pageHeadFor(heads, '/groups/12')).toBeUndefined();
    expect(pageHeadFor(heads, '/')).toBeUndefined();
  });
});

describe('withPageHead', () => {
  const shell = `<div id="root"><header>bar</header>${PAGE_HEAD_MARK}</div>`;

  it('paints the head at the mark, its texts escaped', () => {
    const html = withPageHead(
      shell,
      pageHeadHtml({ title: 'Groups', lead: '<script>alert("x")</script> & co', look: 'page' }),
    );
    expect(html).toContain('<h1 class="h2 mb-1">Groups</h1>');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; co');
    expect(html).not.toContain('<script>');
    expect(html).not.toContain(PAGE_HEAD_MARK);
    expect(html?.startsWith('<div id="root"><header>bar</header><main')).toBe(true);
  });

  it('answers undefined for a document without the mark (an older shell)', () => {
    expect(withPageHead('<div id="root"></div>', '<main></main>')).toBeUndefined();
  });

  it('draws the boxes the page draws: a main, a container, the title and its lead line', () => {
    expect(pageHeadHtml({ title: 'T', lead: 'L', look: 'page' })).toMatch(
      /^<main class="flex-grow-1 tc-main"><div class="container py-4 py-md-5">.*<h1 class="h2 mb-1">T<\/h1><p class="text-body-secondary mb-0">L<\/p>/,
    );
    expect(pageHeadHtml({ title: 'T', lead: 'L', look: 'hero' })).toMatch(
      /^<main class="flex-grow-1 tc-main"><section class="tc-hero text-white"><div class="container-xl py-4 py-md-5"><h1 class="h2 fw-bold mb-1">T<\/h1><p class="tc-on-dark-muted mb-3">L<\/p>/,
    );
  });
});
