import { catalogService } from '@trustcircle/catalog';
import { communitiesService } from '@trustcircle/communities';
import type { Notification } from '@trustcircle/contracts';
import { reviewsService } from '@trustcircle/reviews';
import { createDb } from '@trustcircle/service-kit';
import { socialService } from '@trustcircle/social';
import { eventually, waitFor } from '@trustcircle/testing';
import type { Page } from 'playwright-core';
import {
  BUSINESS_DIST,
  createBusiness,
  createGroup,
  expectNoSeriousViolations,
  grantRole,
  screenshot,
  toastText,
  useWorld,
  type Member,
} from './support';

/**
 * Owner replies in the browser (issue 18): a member claims a business, a moderator approves
 * the claim from the Claims tab, the new owner (with the "Owner" badge) replies to a review and
 * edits the reply, and the review's author sees the reply and has an "owner replied"
 * notification (read through the API until the top bar's bell lands).
 */
jest.setTimeout(120_000);

const platform = useWorld({
  services: [communitiesService, catalogService, reviewsService, socialService],
  businessRoot: BUSINESS_DIST,
});
const { page, register } = platform;
const BUSINESS = 'Tidewater Bicycles';
const people: Record<'owner' | 'author' | 'moderator', Member> = {} as never;
let businessId: number;
let reviewId: number;

async function noWiderThan(p: Page, width: number) {
  expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

beforeAll(async () => {
  people.owner = await register();
  people.author = await register();
  people.moderator = await register();
  await grantRole(platform.world, people.moderator, 'moderator');
  const group = await createGroup(people.author, {
    name: 'Riverside Riders',
    description: 'Cyclists who fix, ride and review the bike shops by the river.',
  });
  businessId = await createBusiness(people.moderator, {
    name: BUSINESS,
    category: 'Automotive',
    description: 'Repairs, rentals and second-hand bikes by the harbour.',
  });
  // The review, sent again while reviews' projections of the business and group are on their way.
  const res = await eventually(
    () =>
      people.author.client.post('/api/reviews', {
        businessId,
        rating: 5,
        content: 'They trued my wheel while I waited and charged less than they quoted.',
        groupIds: [group.id],
      }),
    (r) => r.status === 201,
    { timeoutMs: 10_000, intervalMs: 100 },
  );
  if (res.status !== 201) throw new Error(`review: ${res.status} ${res.text}`);
  reviewId = res.body.id as number;
}, 120_000);

it('claim → approve → reply → the author sees it and is notified', async () => {
  // The member claims the business.
  const owner = await page(people.owner);
  await owner.goto(`/business/${businessId}`);
  const ownership = owner.getByLabel('Business owners');
  await ownership.getByText('Is this your business?').waitFor();
  await ownership.getByRole('button', { name: 'Claim this business' }).click();
  await ownership
    .getByLabel('How are you connected to this business?')
    .fill('I have run the workshop since 2018; my name is on the shop licence.');
  await expectNoSeriousViolations(owner, 'the claim form');
  await screenshot(owner, 'owner-replies-claim-form-1280');
  await ownership.getByRole('button', { name: 'Send claim' }).click();
  await toastText(owner, 'Claim sent').waitFor();
  await ownership.getByText('Your claim is waiting for a moderator.').waitFor();
  await expect(
    ownership.getByRole('button', { name: 'Claim this business' }).count(),
  ).resolves.toBe(0);
  for (const width of [800, 390]) {
    const small = await page(people.owner, width);
    await small.goto(`/business/${businessId}`);
    await small.getByText('Your claim is waiting for a moderator.').waitFor();
    await noWiderThan(small, width);
    await screenshot(small, `owner-replies-claim-pending-${width}`);
  }

  // The moderator approves it from the Claims tab beside the review queue.
  const moderator = await page(people.moderator);
  await moderator.goto('/moderation');
  await moderator.getByRole('link', { name: 'Claims' }).click();
  const claim = moderator.getByRole('article', { name: `Claim of ${BUSINESS}` });
  await claim.getByText('my name is on the shop licence', { exact: false }).waitFor();
  await expectNoSeriousViolations(moderator, 'the claims queue');
  await screenshot(moderator, 'owner-replies-claims-queue-1280');
  for (const width of [800, 390]) {
    const small = await page(people.moderator, width);
    await small.goto('/moderation/claims');
    await small.getByRole('article', { name: `Claim of ${BUSINESS}` }).waitFor();
    await noWiderThan(small, width);
    await screenshot(small, `owner-replies-claims-queue-${width}`);
  }
  await claim.getByRole('button', { name: 'Approve' }).click();
  await toastText(moderator, 'Claim approved').waitFor();
  await moderator.getByText('No claims waiting').waitFor();

  // Reviews learns of the owner through catalog.owner.approved.
  const reviewsDb = createDb({
    url: platform.world.stack.db.adminUrl,
    schema: 'reviews',
    poolMax: 1,
  });
  try {
    await waitFor(
      async () =>
        (await reviewsDb('business_owners')
          .where({ business_id: businessId, user_id: people.owner.id })
          .first()) !== undefined,
      { what: 'reviews to know the owner' },
    );
  } finally {
    await reviewsDb.destroy();
  }

  // The owner, with the Owner badge, replies to the review and edits the reply.
  await owner.reload();
  await ownership.getByText('You own this business', { exact: false }).waitFor();
  await ownership.getByText('Owner', { exact: true }).waitFor();
  const card = owner.getByRole('article', { name: `Review of ${BUSINESS}` }).first();
  await card.getByRole('button', { name: 'Reply to this review' }).click();
  await card.getByLabel(`Reply as ${BUSINESS}`).fill('Thank you! Come back for a free check-up.');
  await expectNoSeriousViolations(owner, 'the reply form');
  await card.getByRole('button', { name: 'Post reply' }).click();
  await toastText(owner, 'Reply posted').waitFor();
  const reply = card.getByRole('region', { name: `Reply from ${BUSINESS}` });
  await reply.getByText('Come back for a free check-up.').waitFor();
  await reply.getByRole('button', { name: 'Edit reply' }).click();
  await reply
    .getByLabel('Edit your reply')
    .fill('Thank you! Come back any time for a free check-up.');
  await reply.getByRole('button', { name: 'Post reply' }).click();
  await toastText(owner, 'Reply updated').waitFor();
  await reply.getByText('Come back any time for a free check-up.').waitFor();
  await reply.getByText('Edited', { exact: false }).waitFor();
  await expectNoSeriousViolations(owner, 'the business page with a reply');
  await screenshot(owner, 'owner-replies-business-1280');
  for (const width of [800, 390]) {
    const small = await page(people.owner, width);
    await small.goto(`/business/${businessId}`);
    await small
      .getByRole('region', { name: `Reply from ${BUSINESS}` })
      .first()
      .waitFor();
    await noWiderThan(small, width);
    await screenshot(small, `owner-replies-business-${width}`);
  }

  // The author sees the reply on the review's page, and has the notification in the bell.
  const author = await page(people.author);
  await author.goto(`/reviews/${reviewId}`);
  const seen = author.getByRole('region', { name: `Reply from ${BUSINESS}` });
  await seen.getByText('Come back any time for a free check-up.').waitFor();
  await seen.getByText('Owner', { exact: true }).waitFor();
  await expect(seen.getByRole('button', { name: 'Edit reply' }).count()).resolves.toBe(0);
  await expectNoSeriousViolations(author, 'the review page with a reply');
  await screenshot(author, 'owner-replies-review-1280');
  for (const width of [800, 390]) {
    const small = await page(people.author, width);
    await small.goto(`/reviews/${reviewId}`);
    await small.getByRole('region', { name: `Reply from ${BUSINESS}` }).waitFor();
    await noWiderThan(small, width);
    await screenshot(small, `owner-replies-review-${width}`);
  }
  const notifications = await eventually(
    async () => (await people.author.client.get('/api/notifications')).body as Notification[],
    (list) => list.some((n) => n.kind === 'owner_reply'),
    { timeoutMs: 10_000, intervalMs: 100 },
  );
  expect(notifications.filter((n) => n.kind === 'owner_reply')).toEqual([
    expect.objectContaining({
      kind: 'owner_reply',
      payload: { reviewId, businessId },
      actor: expect.objectContaining({ id: people.owner.id, username: people.owner.username }),
      business: { id: businessId, name: BUSINESS },
      readAt: null,
    }),
  ]);
  // …and the bell says so: opening the notification leads to the review with the reply.
  const bellPage = await page(people.author);
  await bellPage.goto('/dashboard');
  await bellPage.getByRole('button', { name: 'Notifications, 1 unread' }).click();
  await bellPage
    .getByRole('link', { name: new RegExp(`owner of ${BUSINESS}, replied to your review`) })
    .click();
  await bellPage.waitForURL(`**/reviews/${reviewId}`);
  await bellPage.getByRole('region', { name: `Reply from ${BUSINESS}` }).waitFor();
  await bellPage.getByRole('button', { name: 'Notifications, 0 unread' }).waitFor();
});
