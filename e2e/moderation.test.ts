import { MODERATION_REASON_REQUIRED, MODERATORS_ONLY } from '@trustcircle/contracts';
import { eventually, waitFor } from '@trustcircle/testing';
import type { Page } from 'playwright-core';
import {
  createBusiness,
  createGroup,
  expectNoSeriousViolations,
  grantRole,
  ok,
  platformWorld,
  screenshot,
  toastText,
  untilReviewsKnow,
  type Member,
} from './support';

/**
 * Moderation in the browser (issue 15): the moderators' queue and decision log (the business
 * remote's ModerationRoutes in the shell), the author's held and removed reviews on /my-reviews
 * with one appeal, and the "Unusual review activity" notice. Reports and reviews are set up
 * through the API; reviews' burst minimum is lowered to 3 so a burst is cheap to make.
 */
jest.setTimeout(120_000);

const BURST = 3;
const platform = platformWorld({
  business: true,
  env: { reviews: { UNUSUAL_ACTIVITY_MIN_REVIEWS: String(BURST) } },
});
const { page, register } = platform;
const people: Record<'moderator' | 'author' | 'member' | 'verified' | 'fresh', Member> =
  {} as never;
const reviews: { harbour: number; mill: number; quay: number } = {} as never;
let groupId: number;

const queued = (p: Page, business: string) =>
  p.getByRole('article', { name: `Review of ${business}` });

/** A business, once the reviews service knows it (catalog's event is on its way). */
async function business(owner: Member, name: string): Promise<number> {
  const id = await createBusiness(owner, { name, category: 'Restaurants' });
  await waitFor(
    async () => (await owner.client.get(`/api/businesses/${id}/reviews`)).status === 200,
    { what: `reviews to know ${name}` },
  );
  return id;
}

/** A review, sent again while reviews' projection of the membership is on its way. */
async function review(author: Member, businessId: number, content: string): Promise<number> {
  const send = () =>
    author.client.post('/api/reviews', { businessId, rating: 4, content, groupIds: [groupId] });
  const res = await eventually(send, (r) => r.status !== 409 && r.status !== 403, {
    timeoutMs: 10_000,
    intervalMs: 100,
  });
  if (res.status !== 201) throw new Error(`review: ${res.status} ${res.text}`);
  return res.body.id as number;
}

const report = (reporter: Member, reviewId: number, reason: string, details?: string) =>
  ok(reporter.client.post(`/api/reviews/${reviewId}/report`, { reason, details }), 'report');

async function noWiderThan(p: Page, width: number) {
  expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

beforeAll(async () => {
  people.moderator = await register();
  people.author = await register();
  people.member = await register();
  people.fresh = await register();
  people.verified = await register({ verified: true });
  await grantRole(platform.world, people.moderator, 'moderator');
  groupId = (
    await createGroup(people.author, {
      name: 'Harbour Regulars',
      description: 'Cafés, bakeries and bookshops along the harbour.',
    })
  ).id;
  await untilReviewsKnow(platform.world, people.verified, true);
}, 120_000);

describe('unusual review activity', () => {
  it('shows the notice on the page of a business with a burst of reviews', async () => {
    const burst = await business(people.member, 'Burst Burgers');
    const writers = [people.author, people.member, people.fresh];
    for (const writer of writers.slice(1))
      await ok(writer.client.post(`/api/groups/${groupId}/join`), 'join');
    for (const [i, writer] of writers.entries())
      await review(writer, burst, `Burger number ${i + 1} was juicy and the fries were crisp.`);
    await waitFor(
      async () =>
        Boolean((await people.member.client.get(`/api/businesses/${burst}`)).body.unusualActivity),
      { what: 'the unusual-activity flag', timeoutMs: 15_000 },
    );

    const p = await page();
    await p.goto(`/business/${burst}`);
    const notice = p.getByRole('complementary', { name: 'Unusual review activity' });
    await notice.getByText(`${BURST} reviews within a day`, { exact: false }).waitFor();
    await notice.getByText('Our moderators are looking at them', { exact: false }).waitFor();
    await screenshot(p, 'moderation-unusual-activity-1280');
    await expectNoSeriousViolations(p, 'business page with unusual activity');

    const mobile = await page(undefined, 390);
    await mobile.goto(`/business/${burst}`);
    await mobile.getByRole('complementary', { name: 'Unusual review activity' }).waitFor();
    await noWiderThan(mobile, 390);
    await screenshot(mobile, 'moderation-unusual-activity-390');
  });
});

describe('moderation', () => {
  beforeAll(async () => {
    const { author, verified, fresh } = people;
    reviews.harbour = await review(
      author,
      await business(author, 'Harbour Café'),
      'Visit www.cheap-coffee.example for half-price beans!',
    );
    reviews.mill = await review(
      author,
      await business(author, 'Mill Bakery'),
      'Sourdough worth the queue, and the staff remembered my name.',
    );
    reviews.quay = await review(
      author,
      await business(author, 'Quay Books'),
      'A maze of second-hand shelves with a reading corner.',
    );
    // A verified member's report weighs 1.0: held. A fresh account's weighs 0.1: queued only.
    await report(verified, reviews.harbour, 'spam', 'An advert for another shop.');
    await report(verified, reviews.mill, 'fake', 'I do not think they went there.');
    await report(fresh, reviews.quay, 'other');
  });

  it('tells members "Only moderators can do that" and shows them no Moderation link', async () => {
    const p = await page(people.member);
    await p.goto('/moderation');
    await p.getByRole('heading', { name: MODERATORS_ONLY }).waitFor();
    await expect(p.getByRole('link', { name: 'Moderation' }).count()).resolves.toBe(0);
    await expectNoSeriousViolations(p, 'moderation for a member');
    await screenshot(p, 'moderation-members-only-1280');
  });

  it('shows the author "Hidden pending review" on /my-reviews and takes one appeal', async () => {
    const p = await page(people.author);
    await p.goto('/my-reviews');
    const mill = p.getByRole('article', { name: 'Review of Mill Bakery' });
    const note = mill.getByRole('region', { name: 'Hidden pending review' });
    await note.waitFor();
    await note.getByText('hidden from others', { exact: false }).waitFor();
    // Quay Books was reported by a fresh account only: still published, no notice.
    const quay = p.getByRole('article', { name: 'Review of Quay Books' });
    await quay.waitFor();
    await expect(quay.getByText('Hidden pending review').count()).resolves.toBe(0);
    await expectNoSeriousViolations(p, '/my-reviews with a held review');

    await note.getByRole('button', { name: 'Appeal' }).click();
    await note.getByLabel('Message to the moderators (optional)').fill('I really did go there.');
    await expectNoSeriousViolations(p, '/my-reviews appeal form');
    await screenshot(p, 'moderation-my-reviews-appeal-1280');
    await note.getByRole('button', { name: 'Send appeal' }).click();
    await note.getByText('Appeal sent').waitFor();
    await toastText(p, 'Appeal sent').waitFor();
    await expect(note.getByRole('button', { name: 'Appeal' }).count()).resolves.toBe(0);
    await p.reload();
    await note.getByText('Appeal sent').waitFor();
    await expect(note.getByRole('button', { name: 'Appeal' }).count()).resolves.toBe(0);
    // Once only: the API refuses a second appeal of the same decision.
    const again = await people.author.client.post(`/api/reviews/${reviews.mill}/appeal`, {});
    expect(again.status).toBe(409);

    // The review's own page carries the badge for its author; others find nothing.
    await p.goto(`/reviews/${reviews.mill}`);
    await p
      .getByRole('article', { name: 'Review of Mill Bakery' })
      .getByText('Hidden pending review')
      .waitFor();
    const other = await page(people.member);
    await other.goto(`/reviews/${reviews.mill}`);
    await other.getByRole('heading', { name: 'Review not found' }).waitFor();

    for (const width of [800, 390]) {
      const small = await page(people.author, width);
      await small.goto('/my-reviews');
      await small.getByRole('region', { name: 'Hidden pending review' }).first().waitFor();
      await noWiderThan(small, width);
      await screenshot(small, `moderation-my-reviews-${width}`);
    }
  });

  it("a moderator's journey: the queue in order, Remove with a reason, Keep, the log", async () => {
    const p = await page(people.moderator);
    await p.goto('/');
    await p
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Moderation' })
      .click();
    await p.waitForURL('**/moderation');
    await p.getByRole('heading', { level: 1, name: 'Moderation' }).waitFor();

    // By report weight, then age: the two held reviews, the fresh report, the burst (5 a page).
    const items = p
      .getByRole('list', { name: 'Reviews waiting for a decision' })
      .getByRole('article');
    await queued(p, 'Harbour Café').waitFor();
    await waitFor(async () => (await items.count()) === 5, { what: 'a first page of 5' });
    const names = await items.evaluateAll((nodes) =>
      nodes.map((node) => node.querySelector('h2')?.textContent),
    );
    expect(names.slice(0, 3)).toEqual([
      'Review of Harbour Café',
      'Review of Mill Bakery',
      'Review of Quay Books',
    ]);
    await p.getByRole('button', { name: 'Load more' }).click();
    await waitFor(async () => (await items.count()) === 6, { what: 'the second page' });
    await waitFor(async () => (await p.getByRole('button', { name: 'Load more' }).count()) === 0, {
      what: 'no more pages',
    });

    const harbour = queued(p, 'Harbour Café');
    await harbour.getByText('Visit www.cheap-coffee.example for half-price beans!').waitFor();
    await harbour.getByText('Hidden pending review').waitFor();
    const reports = harbour.getByRole('region', { name: 'Reports' });
    await reports.getByText('Spam', { exact: true }).waitFor();
    await reports.getByText('An advert for another shop.').waitFor();
    await reports.getByText(`@${people.verified.username}`).waitFor();
    await reports.getByText('Verified', { exact: true }).waitFor();
    await reports.getByText('Weight 1.00', { exact: true }).waitFor();
    const author = harbour.getByRole('region', { name: 'Author' });
    await author.getByText(`@${people.author.username}`).waitFor();
    await author.getByText('2 held', { exact: false }).waitFor();
    const mill = queued(p, 'Mill Bakery');
    await mill
      .getByRole('region', { name: 'Appeal' })
      .getByText('I really did go there.')
      .waitFor();
    await queued(p, 'Burst Burgers').first().getByText('Unusual activity').waitFor();
    await expectNoSeriousViolations(p, '/moderation');
    await screenshot(p, 'moderation-queue-1280');

    // Remove without a reason: the API's message; with one: gone, with a toast.
    await harbour.getByRole('button', { name: 'Remove' }).click();
    await harbour.getByText(MODERATION_REASON_REQUIRED).waitFor();
    await harbour.getByLabel('Reason').fill('Advertising for another business.');
    await harbour.getByRole('button', { name: 'Remove' }).click();
    await toastText(p, 'Review removed').waitFor();
    await waitFor(async () => (await queued(p, 'Harbour Café').count()) === 0, {
      what: 'the removed review to leave the queue',
    });

    // Keep with an optional reason: published again for everyone.
    await mill.getByLabel('Reason').fill('The visit checks out.');
    await mill.getByRole('button', { name: 'Keep' }).click();
    await toastText(p, 'Review kept').waitFor();
    await waitFor(async () => (await queued(p, 'Mill Bakery').count()) === 0, {
      what: 'the kept review to leave the queue',
    });
    expect((await people.member.client.get(`/api/reviews/${reviews.mill}`)).status).toBe(200);

    // The log: who, when, what, why — newest first, paged.
    await p.getByRole('link', { name: 'Decision log' }).click();
    await p.waitForURL('**/moderation/log');
    const entries = p.getByRole('list', { name: 'Moderation decisions' }).getByRole('listitem');
    await entries.first().waitFor();
    const newest = entries.nth(0);
    await newest.getByText('Kept', { exact: true }).waitFor();
    await newest.getByText(people.moderator.name).waitFor();
    await newest.getByText('The visit checks out.').waitFor();
    await newest.getByRole('link', { name: 'Mill Bakery' }).waitFor();
    const removal = entries.nth(1);
    await removal.getByText('Removed', { exact: true }).waitFor();
    await removal.getByText('Advertising for another business.').waitFor();
    await removal.getByRole('link', { name: `review #${reviews.harbour}` }).waitFor();
    await p
      .getByRole('list', { name: 'Moderation decisions' })
      .getByText('Automatic')
      .first()
      .waitFor();
    await expectNoSeriousViolations(p, '/moderation/log');
    await screenshot(p, 'moderation-log-1280');
    const total = (await ok(people.moderator.client.get('/api/moderation/log?limit=100'), 'log'))
      .length as number;
    expect(total).toBeGreaterThan(10);
    await p.getByRole('button', { name: 'Load more' }).click();
    await waitFor(async () => (await entries.count()) === Math.min(total, 20), {
      what: 'the second page of the log',
    });

    for (const width of [800, 390]) {
      const small = await page(people.moderator, width);
      await small.goto('/moderation');
      await queued(small, 'Quay Books').waitFor();
      await noWiderThan(small, width);
      await screenshot(small, `moderation-queue-${width}`);
      await small.goto('/moderation/log');
      await small.getByRole('list', { name: 'Moderation decisions' }).waitFor();
      await noWiderThan(small, width);
      await screenshot(small, `moderation-log-${width}`);
    }
  });

  it('shows the author the removal and its reason on /my-reviews', async () => {
    const p = await page(people.author);
    await p.goto('/my-reviews');
    const harbour = p.getByRole('article', { name: 'Review of Harbour Café' });
    const note = harbour.getByRole('region', { name: 'Removed by a moderator' });
    await note.getByText('Advertising for another business.').waitFor();
    await note.getByRole('button', { name: 'Appeal' }).waitFor();
    // Kept after the appeal: published again, no notice.
    const mill = p.getByRole('article', { name: 'Review of Mill Bakery' });
    await mill.waitFor();
    await expect(mill.getByRole('region').count()).resolves.toBe(0);
    await expectNoSeriousViolations(p, '/my-reviews with a removed review');
    await screenshot(p, 'moderation-my-reviews-removed-1280');
  });
});
