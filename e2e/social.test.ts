import { join } from 'node:path';
import { retrying, waitFor } from '@trustcircle/testing';
import type { Page } from 'playwright-core';
import {
  ARTIFACTS,
  createBusiness,
  createGroup,
  expectNoSeriousViolations,
  ok,
  platformWorld,
  screenshot,
  type Member,
} from './support';

/**
 * People, follows and notifications (issue 18) in the real shell and business remote against
 * the real services: A follows B from B's profile; B reviews a business; A sees it in the
 * business's Friends' Reviews (a stranger's review of it is not marked "(Friend)") and in the
 * "following" feed; A's bell, open all along, goes to 1 over the stream; the notification opens
 * the review. Every wait is for a state of the page or the API, never for time.
 */
jest.setTimeout(180_000);

const platform = platformWorld({ groups: true, business: true, social: true });
const run = Date.now().toString(36).slice(-5);
let reader: Member;
let author: Member;
let stranger: Member;
let businessId: number;
const BUSINESS = `Friendly Bistro ${run}`;
const CONTENT = 'Handmade pasta, a patient waiter and a quiet corner table by the window.';

/** A review of the business by `member`, in a group of their own; answers the review's id and the group's. */
async function review(member: Member, content: string): Promise<{ id: number; groupId: number }> {
  const group = await createGroup(member, {
    name: `Table of ${member.username}`,
    description: 'Where one member keeps the places they ate at.',
  });
  const body = { businessId, rating: 5, content, groupIds: [group.id] };
  // Reviews learns of the business and the group through events: sent again until it has.
  const written = await ok(
    retrying(() => member.client.post('/api/reviews', body)),
    'review',
  );
  return { id: written.id, groupId: group.id };
}

beforeAll(async () => {
  [reader, author, stranger] = [
    await platform.register(),
    await platform.register({ verified: true }),
    await platform.register(),
  ];
  businessId = await createBusiness(author, { name: BUSINESS, category: 'Restaurants' });
  const strangers = await review(
    stranger,
    'Loud on a Friday night, but the tiramisu made up for it.',
  );
  // A fellow member of a group who reviews: the reader's "People to follow".
  await ok(reader.client.post(`/api/groups/${strangers.groupId}/join`), 'join');
  // Social knows the author from identity's events: their profile answers once it has.
  await waitFor(
    async () => (await reader.client.get(`/api/users/${author.username}/follow`)).status === 200,
    { what: 'social to know the author' },
  );
});

const bell = (page: Page, unread: number) =>
  page.getByRole('button', { name: `Notifications, ${unread} unread` });

describe('following someone', () => {
  let reviewId: number;

  it('follows from the profile; their new review reaches the bell live', async () => {
    const page = await platform.page(reader);
    await page.goto(`/users/${author.username}`);
    await page.getByRole('heading', { level: 1, name: new RegExp(author.name) }).waitFor();
    await expectNoSeriousViolations(page, 'a public profile');
    await bell(page, 0).waitFor();
    await page.getByRole('button', { name: 'Follow', exact: true }).click();
    await page.getByRole('button', { name: 'Unfollow', exact: true }).waitFor();
    await waitFor(async () => (await page.getByTestId('profile-followers').textContent()) === '1', {
      what: 'the follower count',
    });

    reviewId = (await review(author, CONTENT)).id;
    // Pushed over the open stream: the page is not reloaded.
    await bell(page, 1).waitFor({ timeout: 15_000 });
  });

  it("shows their review, and only theirs, in the business's Friends' Reviews", async () => {
    // Reviews learns whom the reader follows from social's events.
    await waitFor(
      async () =>
        (await reader.client.get(`/api/businesses/${businessId}/reviews?following=true`)).body
          ?.length === 1,
      { what: "reviews to know the reader's follow" },
    );
    const page = await platform.page(reader);
    await page.goto(`/business/${businessId}`);
    const friends = page.getByRole('region', { name: "Friends' Reviews" });
    await friends.getByRole('link', { name: `${author.name} (Friend)` }).waitFor();
    expect(await friends.getByText(CONTENT.slice(0, 40)).count()).toBe(1);
    expect(await friends.getByText('(Friend)').count()).toBe(1);
    // The stranger's review is on the page, but not as a friend's.
    await page
      .getByText(/tiramisu/)
      .first()
      .waitFor();
    expect(await friends.getByText(/tiramisu/).count()).toBe(0);
    await screenshot(page, 'social-friends-reviews-1280');
  });

  it('shows their review in the home feed filtered to people I follow, and suggests a fellow member', async () => {
    await waitFor(
      async () =>
        ((await reader.client.get('/api/reviews/people-to-follow')).body ?? []).some(
          (person: { id: number }) => person.id === stranger.id,
        ),
      { what: 'reviews to know the reader joined the group' },
    );
    const page = await platform.page(reader);
    await page.goto('/dashboard');
    const people = page.getByRole('region', { name: 'People to follow' });
    await people.getByRole('link', { name: stranger.name }).waitFor();
    expect(await people.getByRole('button', { name: `Follow ${stranger.name}` }).count()).toBe(1);
    await page.getByLabel('Show').selectOption('following');
    const feed = page.getByTestId('feed');
    await feed.getByRole('article', { name: `Review of ${BUSINESS}` }).waitFor();
    // "All activity" showed the stranger's review of it too: wait for the followed one alone.
    await waitFor(async () => (await feed.getByRole('article').count()) === 1, {
      what: "the followed author's review alone",
    });
    expect(await feed.getByText(/tiramisu/).count()).toBe(0);
    await screenshot(page, 'social-following-feed-1280');
  });

  it('opens the review from the notification, and marks it read', async () => {
    const page = await platform.page(reader);
    await page.goto('/');
    await bell(page, 1).click();
    await page.getByRole('link', { name: new RegExp(`reviewed ${BUSINESS}`) }).click();
    await page.waitForURL(`**/reviews/${reviewId}`);
    await page.getByText(CONTENT).waitFor();
    await bell(page, 0).waitFor();
  });
});

describe('a visitor', () => {
  it('reads a profile, is sent to sign in to follow, and meets "User not found" for nobody', async () => {
    const page = await platform.page();
    await page.goto(`/users/${author.username}`);
    await page.getByRole('heading', { level: 1, name: new RegExp(author.name) }).waitFor();
    // The session is known: a visitor's Sign in, where a member's bell would be.
    await page.getByRole('banner').getByRole('link', { name: 'Sign in', exact: true }).waitFor();
    expect(await page.getByRole('button', { name: /^Notifications/ }).count()).toBe(0);
    await page.getByRole('link', { name: 'Follow', exact: true }).click();
    await page.waitForURL('**/auth');
    await page.goto(`/users/nobody_${run}`);
    await page.getByText('User not found').waitFor();
  });
});

describe('notification settings', () => {
  it('switches a kind off in /settings, and it stays off', async () => {
    const page = await platform.page(author, 390);
    await page.goto('/settings');
    const card = page.getByRole('region', { name: 'Notifications' });
    const followers = card.getByRole('switch', { name: 'New followers' });
    await followers.waitFor();
    expect(await followers.isChecked()).toBe(true);
    await followers.uncheck();
    await waitFor(
      async () =>
        (await author.client.get('/api/notifications/preferences')).body?.new_follower === false,
      { what: 'the preference saved' },
    );
    await page.reload();
    await followers.waitFor();
    expect(await followers.isChecked()).toBe(false);
    expect(await card.getByRole('switch', { name: 'Helpful votes' }).isChecked()).toBe(true);
    await card.screenshot({ path: join(ARTIFACTS, 'social-settings-390.png') });
  });
});

describe('screens', () => {
  beforeAll(async () => {
    // An unread notification besides the read one: a new follower.
    await ok(stranger.client.post(`/api/users/${reader.username}/follow`), 'follow the reader');
    await waitFor(
      async () => (await reader.client.get('/api/notifications/unread-count')).body?.count === 1,
      { what: 'the new follower notification' },
    );
  });

  for (const width of [390, 800, 1280]) {
    it(`profile, bell and /notifications at ${width} px`, async () => {
      const page = await platform.page(reader, width);
      await page.goto(`/users/${author.username}`);
      await page.getByRole('heading', { level: 1, name: new RegExp(author.name) }).waitFor();
      await page.getByRole('tab', { name: 'Reviews' }).waitFor();
      await page.getByRole('article').first().waitFor();
      await screenshot(page, `social-profile-${width}`);
      await page.getByRole('tab', { name: 'Followers' }).click();
      await page
        .getByRole('list', { name: 'Followers' })
        .getByRole('link', { name: reader.name })
        .waitFor();
      await page.getByRole('tabpanel').screenshot({
        path: join(ARTIFACTS, `social-profile-followers-${width}.png`),
      });

      await bell(page, 1).click();
      await page.getByRole('link', { name: 'See all notifications' }).waitFor();
      // The viewport only: the dropdown is what matters, not the page under it.
      await page.screenshot({ path: join(ARTIFACTS, `social-bell-${width}.png`) });

      await page.getByRole('link', { name: 'See all notifications' }).click();
      await page.getByRole('heading', { level: 1, name: 'Notifications' }).waitFor();
      await page.getByRole('link', { name: new RegExp(`reviewed ${BUSINESS}`) }).waitFor();
      await expectNoSeriousViolations(page, '/notifications');
      await screenshot(page, `social-notifications-${width}`);
    });
  }
});
