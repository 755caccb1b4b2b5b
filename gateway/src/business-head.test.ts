import { businessPageId } from '@trustcircle/contracts';
import { businessHeadHtml } from './business-head';

const business = {
  id: 7,
  name: 'Volt <Electronics>',
  category: 'Electronics',
  description: 'Phones & "laptops"',
  image: null,
  communityCount: 1204,
};

describe('businessPageId', () => {
  it('takes the ids the composed read takes, nothing else', () => {
    expect(businessPageId('/business/7')).toBe('7');
    expect(businessPageId('/Business/7/')).toBe('7');
    for (const path of [
      '/business/new',
      '/business/7/edit',
      '/business/12345678901',
      '/business/',
    ]) {
      expect([path, businessPageId(path)]).toEqual([path, undefined]);
    }
  });
});

describe('businessHeadHtml', () => {
  it('draws the header as the page does, every text escaped', () => {
    const html = businessHeadHtml(business);
    expect(html).toContain('<h1 class="h2 mb-1">Volt &lt;Electronics&gt;</h1>');
    expect(html).toContain(
      '<p class="text-body-secondary mb-2">Phones &amp; &quot;laptops&quot;</p>',
    );
    expect(html).toContain('<span class="text-body-secondary">1,204 communities</span>');
    expect(html).toContain(
      'class="tc-business-image tc-business-letter" aria-hidden="true">V</div>',
    );
    // The buttons keep their place and are not there to use: the page's own replace them.
    expect(html).toMatch(
      /class="d-flex flex-md-column gap-2 align-items-start invisible" aria-hidden="true"/,
    );
    expect(html).not.toMatch(/<a |<button /);
  });

  it('shows the picture when there is one, and no empty description', () => {
    const html = businessHeadHtml({
      ...business,
      image: 'https://img.example.com/a.jpg?x=1&y="2"',
      description: null,
      communityCount: 1,
    });
    expect(html).toContain(
      '<img src="https://img.example.com/a.jpg?x=1&amp;y=&quot;2&quot;" alt="" class="tc-business-image">',
    );
    expect(html).toContain('1 community<');
    expect(html).not.toContain('<p ');
  });
});
