import { retrying, waitFor } from '@trustcircle/testing';
import type { Page } from 'playwright-core';
import { HOME_HERO, LANDING_HERO } from '@trustcircle/contracts';
import {
  expectHeadPaintedFirst,
  loginInBrowser,
  newUser,
  platformWorld,
  screenshot,
} from './support';

/**
 * The signed-in home's feed with real data (spec §2 and §4: 3 reviews first, "Load more
 * reviews" adds 3, hidden once all are shown): a member's 7 reviews in a group with a fellow
 * member, written through the API, read in the fellow's browser.
 */
const platform = platformWorld();
let fellow: ReturnType<typeof newUser>;
const REVIEWS = 7;

beforeAll(async () => {
  const author = platform.world.stack.client();
  const writer = newUser();
  expect((await author.post('/api/register', writer)).status).toBe(201);
  const group = await author.post('/api/groups', {
    name: 'Neighbourhood Foodies',
    description: 'Where we eat this week, and what we thought of it.',
  });
  expect(group.status).toBe(201);

  fellow = newUser();
  const reader = platform.world.stack.client();
  expect((await reader.post('/api/register', fellow)).status).toBe(201);
  expect((await reader.post(`/api/groups/${group.body.id}/join`)).status).toBe(200);

  for (let i = 1; i <= REVIEWS; i += 1) {
    const business = await author.post('/api/businesses', {
      name: `Feed Bistro ${i}`,
      category: 'Restaurants',
      description: 'Small plates and natural wine.',
    });
    expect(business.status).toBe(201);
    // Reviews answers 409 + Retry-After while the new business is on its way to it.
    const review = await retrying(() =>
      author.post('/api/reviews', {
        businessId: business.body.id,
        rating: 1 + (i % 5),
        content: `Visit number ${i}: friendly staff, and the bread is baked in house.`,
        groupIds: [group.body.id],
      }),
    );
    expect(review.status).toBe(201);
  }
  // Feeds read the reviews service's projection of memberships: wait until it has them all.
  await waitFor(
    async () => {
      const feed = await reader.get('/api/reviews/feed');
      return feed.status === 200 && feed.body.length === REVIEWS;
    },
    { what: 'the fellow member’s feed' },
  );
}, 120_000);

const cards = (page: Page) => page.getByRole('article', { name: /^Review of Feed Bistro/ });

describe('home', () => {
  it("paints the member's greeting with its HTML, where React then draws it", async () => {
    const member = await platform.register();
    await expectHeadPaintedFirst(
      (width) => platform.page(member, width),
      '/',
      { title: HOME_HERO.greeting(member.name), lead: HOME_HERO.lead, fromService: true },
      (p) => p.locator('#home-search').waitFor(),
      '-home',
    );
    // Theirs alone: no cache between the member and the gateway may keep it.
    const html = await member.client.get('/');
    expect(html.text).toContain(`Hello, ${member.name}`);
    expect(html.headers.get('cache-control')).toBe('private, no-cache');
    expect(html.headers.get('vary')).toContain('Cookie');
    // A visitor gets the landing's hero, and no greeting.
    const visitor = await fetch(`${platform.world.baseUrl}/`).then((res) => res.text());
    expect(visitor).not.toContain('Hello,');
    expect(visitor).toContain(LANDING_HERO.title);
  });
});

describe('home feed', () => {
  it('shows 3 reviews, then 6 with "Load more reviews", then all and no button', async () => {
    const page = await platform.page();
    await page.goto('/auth');
    await loginInBrowser(page, fellow.email, fellow.password);
    await page.waitForURL('**/dashboard');
    await cards(page).first().waitFor();
    expect(await cards(page).count()).toBe(3);
    await screenshot(page, 'home-feed-1280');

    const more = page.getByRole('button', { name: 'Load more reviews' });
    const shown = (count: number) => () =>
      cards(page)
        .count()
        .then((n) => n === count);
    await more.click();
    await waitFor(shown(6), { what: '6 reviews' });
    await more.click();
    await waitFor(shown(REVIEWS), { what: `${REVIEWS} reviews` });
    await waitFor(() => more.count().then((n) => n === 0), { what: 'the button to go' });
    await page.close();
  });
});
