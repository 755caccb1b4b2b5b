import { retrying, waitFor } from '@trustcircle/testing';
import type { Page } from 'playwright-core';
import {
  createBusiness,
  createGroup,
  ok,
  platformWorld,
  screenshot,
  uploadPhoto,
  type Member,
} from './support';

/**
 * Review lists (issue 17) in the real shell against the real services: /my-reviews a page of
 * 20 at a time with the API's cursors to a visible end, and the group page's sort and filters
 * kept in the URL through a reload. Every wait is for a state of the page, never for time.
 */
jest.setTimeout(180_000);

const platform = platformWorld({ groups: true, business: true });
const run = Date.now().toString(36).slice(-5);
/** More than a page of 20. */
const REVIEWS = 25;
/** Ratings cycle 1–5; every fifth review is a one-star. */
const ratingOf = (i: number) => (i % 5) + 1;
/** Reviews with a photo. */
const PHOTO_REVIEWS = [3, 7];
let author: Member;
let group: { id: number; name: string };

beforeAll(async () => {
  author = await platform.register();
  group = await createGroup(author, {
    name: `Listeners ${run}`,
    description: 'People who sort every list before they read it.',
  });
  for (let i = 0; i < REVIEWS; i += 1) {
    const name = `Lists ${run} Shop ${String(i + 1).padStart(2, '0')}`;
    const businessId = await createBusiness(author, { name, category: 'Home Services' });
    const rating = ratingOf(i);
    const photos = PHOTO_REVIEWS.includes(i) ? [await uploadPhoto(platform.world, author)] : [];
    const body = {
      businessId,
      rating,
      content: `${rating} ${rating === 1 ? 'star' : 'stars'} for ${name}: the shelves, the staff, the queue.`,
      groupIds: [group.id],
      photos,
    };
    // Reviews learns of the business and the group through events: sent again until it has.
    await ok(
      retrying(() => author.client.post('/api/reviews', body)),
      `review ${i}`,
    );
  }
  await waitFor(
    async () =>
      (await platform.world.stack.client().get(`/api/groups/${group.id}`)).body.reviewCount ===
      REVIEWS,
    { what: 'the group counts its reviews' },
  );
}, 180_000);

const page = (width = 1280) => platform.page(author, width);
const cards = (p: Page) => p.getByRole('article', { name: /^Review of / });

describe('/my-reviews', () => {
  it('shows 20 reviews, then the rest with Load more, then a visible end', async () => {
    for (const width of [1280, 390]) {
      const p = await page(width);
      await p.goto('/my-reviews');
      await p.getByRole('heading', { level: 1, name: 'My Reviews' }).waitFor();
      await cards(p).nth(19).waitFor();
      expect(await cards(p).count()).toBe(20);
      await expect(p.getByText('No more reviews').count()).resolves.toBe(0);
      await p.getByRole('button', { name: 'Load more' }).click();
      await p.getByText('No more reviews').waitFor();
      expect(await cards(p).count()).toBe(REVIEWS);
      await expect(p.getByRole('button', { name: 'Load more' }).count()).resolves.toBe(0);
      // Newest first: the last is the first written.
      expect(await cards(p).last().textContent()).toContain(`Lists ${run} Shop 01`);
      await screenshot(p, `review-lists-my-reviews-${width}`);
    }
  });
});

describe('the group page', () => {
  it('keeps its sort and filters in the URL, through a reload', async () => {
    for (const width of [1280, 390]) {
      const p = await page(width);
      await p.goto(`/groups/${group.id}`);
      const list = p.getByTestId('group-reviews');
      await list.getByRole('article').nth(19).waitFor();
      await list.getByLabel('Sort by').selectOption('lowest');
      await p.waitForURL(/[?&]sort=lowest/);
      await list.getByRole('button', { name: '1 star', exact: true }).click();
      await p.waitForURL(/[?&]stars=1(&|$)/);
      const ones = REVIEWS / 5;
      await list.getByText('No more reviews').waitFor();
      expect(await list.getByRole('article').count()).toBe(ones);

      await p.reload();
      await list.getByText('No more reviews').waitFor();
      expect(await list.getByLabel('Sort by').inputValue()).toBe('lowest');
      const oneStar = list.getByRole('button', { name: '1 star', exact: true });
      expect(await oneStar.getAttribute('aria-pressed')).toBe('true');
      expect(await list.getByRole('article').count()).toBe(ones);
      for (const text of await list.getByRole('article').allTextContents())
        expect(text).toContain('1 star for');
      await screenshot(p, `review-lists-group-filtered-${width}`);

      // With photos instead of one star: the two reviews with a photo, lowest rated first.
      await oneStar.click();
      // The URL is the view: the next control reads it once this change has landed there.
      await p.waitForURL((url) => url.search === '?sort=lowest');
      await list.getByLabel('With photos').check();
      await p.waitForURL((url) => url.search === '?sort=lowest&photos=1');
      await list.getByText('No more reviews').waitFor();
      expect(await list.getByRole('article').count()).toBe(PHOTO_REVIEWS.length);
      await p.reload();
      await list.getByText('No more reviews').waitFor();
      expect(await list.getByLabel('With photos').isChecked()).toBe(true);
      const first = await list.getByRole('article').first().textContent();
      expect(first).toContain(`${Math.min(...PHOTO_REVIEWS.map(ratingOf))} stars for`);
    }
  });

  it('shows the whole list a window at a time, counted, by default', async () => {
    const p = await page(1280);
    await p.goto(`/groups/${group.id}`);
    const list = p.getByTestId('group-reviews');
    await list
      .getByTestId('window-range')
      .filter({ hasText: `Showing 1–20 of ${REVIEWS} reviews` })
      .waitFor();
    await screenshot(p, 'review-lists-group-1280');
  });
});

describe('the profile', () => {
  it('sorts and filters its reviews, kept in the URL through a reload', async () => {
    const p = await page(1280);
    await p.goto('/profile');
    const panel = p.getByRole('tabpanel');
    await panel.getByRole('article').nth(19).waitFor();
    await panel.getByLabel('Sort by').selectOption('highest');
    await panel.getByRole('button', { name: '1 star', exact: true }).click();
    await p.waitForURL((url) => url.search === '?sort=highest&stars=1');
    await panel.getByText('No more reviews').waitFor();
    await p.reload();
    await panel.getByText('No more reviews').waitFor();
    expect(await panel.getByLabel('Sort by').inputValue()).toBe('highest');
    const texts = await panel.getByRole('article').allTextContents();
    expect(texts).toHaveLength(REVIEWS / 5);
    for (const text of texts) expect(text).toContain('1 star for');
    await screenshot(p, 'review-lists-profile-1280');
  });
});
