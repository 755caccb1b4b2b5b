import { homeHeadHtml, landingHeadHtml } from './home-head';

describe('homeHeadHtml', () => {
  it("greets the member by name, else by username, escaped, with the hero's lead line", () => {
    const html = homeHeadHtml({ name: 'Ana <b>', username: 'ana' });
    expect(html).toContain('<h1 class="h2 fw-bold mb-1">Hello, Ana &lt;b&gt;</h1>');
    expect(html).toContain(
      '<p class="tc-on-dark-muted mb-3">Discover what your communities recommend today.</p>',
    );
    expect(html).toMatch(
      /^<main class="flex-grow-1 tc-main"><section class="tc-hero tc-hero-compact/,
    );
    expect(homeHeadHtml({ name: '   ', username: 'ana_b' })).toContain('Hello, ana_b</h1>');
  });
});

describe('landingHeadHtml', () => {
  it("paints the landing hero's text column", () => {
    expect(landingHeadHtml()).toContain(
      '<div class="col-12 col-lg-7"><p class="tc-hero-eyebrow mb-3">Community-driven reviews</p>' +
        '<h1 class="display-5 fw-bold mb-3">Reviews you can trust, from people like you</h1>',
    );
  });
});
