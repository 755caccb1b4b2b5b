import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import {
  expectHeadPaintedFirst,
  expectNoSeriousViolations,
  ROOT,
  screenshot,
  platformWorld,
  createGroup,
  type Member,
} from './support';

/**
 * The groups remote (frontends/groups-mfe) inside the real shell, behind the gateway, with
 * identity, communities, catalog and reviews: spec §2 (/groups, /groups/{id}), §4, §5, §8.
 */
jest.setTimeout(120_000);

const platform = platformWorld({ groups: true });
const page = (options: { as?: Member; width?: number } = {}) => platform.pages.open(options);
const apiUser = () => platform.register();
const run = Date.now().toString(36).slice(-5);
const DEFAULT_TAGLINE =
  'Join communities of people who share your interests, and read the reviews they trust.';

const toast = (p: Page, text: string) => p.getByTestId('toast').filter({ hasText: text });

/** A toast with its title and description: the server's words, never a status code. */
async function expectToast(p: Page, title: string, description?: string) {
  const found = toast(p, title);
  await found.first().waitFor();
  if (!description) return;
  await found.filter({ hasText: description }).first().waitFor();
  expect(await found.first().textContent()).not.toMatch(/\b\d{3}: /);
}

const card = (p: Page, name: string) => p.getByRole('article', { name, exact: true });
const searchBox = (p: Page) => p.getByRole('searchbox', { name: 'Search groups' });
const tab = (p: Page, name: string) => p.getByRole('tab', { name: new RegExp(`^${name}`) });

/** Client-side navigation inside the shell's router (keeps the query cache, like a link). */
async function clientNavigate(p: Page, path: string) {
  await p.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

async function eventually<T>(what: string, probe: () => Promise<T | null | false>, ms = 8000) {
  const started = Date.now();
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() - started > ms) throw new Error(`${what} not seen within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('/groups', () => {
  it('with no group at all, says so and offers to create the first', async () => {
    const p = await page({ as: await apiUser() });
    await p.goto('/groups');
    await p.getByRole('heading', { level: 1, name: 'Groups' }).waitFor();
    await p.getByText('No groups found', { exact: true }).waitFor();
    await p.getByText('Create your first group to get started', { exact: true }).waitFor();
    await tab(p, 'My Groups').click();
    await p.getByText("You haven't joined any groups yet", { exact: true }).waitFor();
  });

  it("paints the page's head with its HTML, where React then draws it", async () => {
    await expectHeadPaintedFirst(
      (width) => page({ width }),
      '/groups',
      { title: 'Groups', lead: DEFAULT_TAGLINE },
      (p) => p.getByRole('button', { name: 'Create Group' }).first().waitFor(),
    );
  });

  it('filters on name or description, in any letter case', async () => {
    const owner = await apiUser();
    await createGroup(owner, {
      name: `Hikers ${run}`,
      description: 'Trails, gear shops and mountain huts.',
    });
    await createGroup(owner, {
      name: `Coffee Lovers ${run}`,
      description: 'Espresso bars and ROASTERS worth a detour.',
    });
    await createGroup(owner, {
      name: `Parents ${run}`,
      description: 'Playgrounds, paediatricians and family cafés.',
    });

    const p = await page({ as: await apiUser() });
    await p.goto('/groups');
    await p.getByTestId('groups-tagline').getByText(DEFAULT_TAGLINE).waitFor();
    for (const name of [`Hikers ${run}`, `Coffee Lovers ${run}`, `Parents ${run}`]) {
      await card(p, name).waitFor();
    }
    // A card: colour tile, name link to /groups/{id}, counts.
    const hikers = card(p, `Hikers ${run}`);
    await hikers.getByText('1 member', { exact: true }).waitFor();
    await hikers.getByText('0 reviews', { exact: true }).waitFor();
    expect(await hikers.getByRole('link', { name: `Hikers ${run}` }).getAttribute('href')).toMatch(
      /^\/groups\/\d+$/,
    );
    await screenshot(p, 'groups-list-1280');

    // The server searches once typing pauses: wait for the list to change, not for a time.
    await searchBox(p).fill('hIKERS');
    await card(p, `Coffee Lovers ${run}`).waitFor({ state: 'detached' });
    await card(p, `Parents ${run}`).waitFor({ state: 'detached' });
    await card(p, `Hikers ${run}`).waitFor();

    await searchBox(p).fill('roasters'); // description only, other case
    await card(p, `Hikers ${run}`).waitFor({ state: 'detached' });
    await card(p, `Coffee Lovers ${run}`).waitFor();

    await searchBox(p).fill('no such group anywhere');
    await p.getByText('No groups found', { exact: true }).waitFor();
    await p.getByText('Try a different search term', { exact: true }).waitFor();

    await searchBox(p).fill('');
    await card(p, `Parents ${run}`).waitFor();
    await expectNoSeriousViolations(p, '/groups');

    const mobile = await page({ as: await apiUser(), width: 390 });
    await mobile.goto('/groups');
    await card(mobile, `Hikers ${run}`).waitFor();
    await screenshot(mobile, 'groups-list-390');
  });

  it('creates a group: the spec messages first, then the notice and the group under My Groups', async () => {
    const p = await page({ as: await apiUser() });
    await p.goto('/groups/create'); // opens /groups with the dialog open
    const dialog = p.getByRole('dialog', { name: 'Create a new group' });
    await dialog.waitFor();
    await p.waitForURL((url) => url.pathname === '/groups');

    await dialog.getByLabel('Group name').fill('ab');
    await dialog.getByLabel('Description').fill('too short');
    await dialog.getByRole('button', { name: 'Create Group' }).click();
    await dialog.getByText('Group name must be at least 3 characters', { exact: true }).waitFor();
    await dialog.getByText('Description must be at least 10 characters', { exact: true }).waitFor();
    await screenshot(p, 'groups-create-dialog-1280');
    await expectNoSeriousViolations(p, 'the Create Group dialog');

    const name = `Night Owls ${run}`;
    await dialog.getByLabel('Group name').fill(name);
    await dialog.getByLabel('Description').fill('Late-night diners, bars and 24-hour shops.');
    await dialog.getByTitle('Indigo').click(); // the swatch (its radio is visually hidden)
    expect(await dialog.getByRole('radio', { name: 'Indigo' }).isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'Create Group' }).click();
    await expectToast(p, 'Group created successfully');
    await dialog.waitFor({ state: 'detached' });
    expect(await tab(p, 'My Groups').getAttribute('aria-selected')).toBe('true');
    await card(p, name).waitFor();
    await card(p, name).getByText('1 member', { exact: true }).waitFor();
    const band = await card(p, name)
      .locator('.tc-groups-card-band')
      .evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(band).toBe('rgb(57, 73, 171)'); // #3949ab, the chosen colour

    // The same name again: the server's message in the failure notice.
    await p.getByRole('button', { name: 'Create Group' }).first().click();
    await dialog.getByLabel('Group name').fill(name.toUpperCase());
    await dialog.getByLabel('Description').fill('A second group with the same name.');
    await dialog.getByRole('button', { name: 'Create Group' }).click();
    await expectToast(p, 'Failed to create group', 'A group with this name already exists');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('keeps the list when the Create Group form cannot load, and opens it once it can', async () => {
    const p = await page({ as: await apiUser() });
    await p.goto('/groups');
    await p.getByTestId('groups-tagline').waitFor();
    // The network gone for the groups remote's code: the dialog's chunk is not in yet.
    const remoteCode = '**/mfe/groups/static/js/*.js';
    await p.route(remoteCode, (route) => route.abort('internetdisconnected'));
    await p.getByRole('button', { name: 'Create Group' }).first().click();
    await expectToast(p, "Couldn't open the Create Group form", 'Check your connection');
    await p.getByTestId('groups-tagline').waitFor(); // the page, not the unavailable panel
    expect(await p.getByText('This part of TrustCircle is unavailable right now').count()).toBe(0);

    await p.unroute(remoteCode);
    await p.getByRole('button', { name: 'Create Group' }).first().click();
    await p.getByRole('dialog', { name: 'Create a new group' }).waitFor();
  });

  it('joins and leaves from the list, with the notices, a spinner, and the home refreshed', async () => {
    const owner = await apiUser();
    const group = await createGroup(owner, {
      name: `Cyclists ${run}`,
      description: 'Bike shops, repairs and cafés.',
    });
    const member = await apiUser();
    const p = await page({ as: member });
    await p.goto('/');
    await p.getByText("You haven't joined any groups yet").first().waitFor(); // home cached
    await clientNavigate(p, '/groups');
    const tile = card(p, group.name);
    await tile.waitFor();

    // The spinner shows on the group being joined (the answer held back a little).
    await p.route('**/api/groups/join', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 600));
      await route.continue();
    });
    await tile.getByRole('button', { name: `Join Group ${group.name}` }).click();
    await tile.getByText('Joining…').waitFor();
    expect(await tile.locator('.spinner-border').count()).toBe(1);
    await expectToast(p, 'Joined group successfully', `Success! You've joined ${group.name}`);
    await p.unroute('**/api/groups/join');
    await tile.waitFor({ state: 'detached' }); // no longer under All Groups
    await tab(p, 'My Groups').click();
    await card(p, group.name).getByText('2 members', { exact: true }).waitFor();

    // The shell's home reads the same ['/api/groups/user'] cache: refreshed, no reload.
    await clientNavigate(p, '/');
    await p.getByRole('link', { name: group.name }).first().waitFor();
    await clientNavigate(p, '/groups');

    await tab(p, 'My Groups').click();
    await card(p, group.name)
      .getByRole('button', { name: `Leave Group ${group.name}` })
      .click();
    await expectToast(p, 'Left group successfully', `You've left ${group.name}`);
    await p.getByText("You haven't joined any groups yet", { exact: true }).waitFor();

    // Failures: the server's message as the description.
    await tab(p, 'All Groups').click();
    await p.route('**/api/groups/join', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: '{"message":"Communities is unavailable"}',
      }),
    );
    await card(p, group.name)
      .getByRole('button', { name: `Join Group ${group.name}` })
      .click();
    await expectToast(p, 'Failed to join group', 'Communities is unavailable');
    await card(p, group.name)
      .getByRole('button', { name: `Join Group ${group.name}` })
      .waitFor();
    await p.unroute('**/api/groups/join');

    await member.client.post('/api/groups/join', { groupId: group.id });
    await p.reload();
    await tab(p, 'My Groups').click();
    await p.route('**/api/groups/leave', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Boom"}' }),
    );
    await card(p, group.name)
      .getByRole('button', { name: `Leave Group ${group.name}` })
      .click();
    await expectToast(p, 'Failed to leave group', 'Boom');
  });

  it('sends /groups?id={id} (the profile link) to /groups/{id}', async () => {
    const owner = await apiUser();
    const group = await createGroup(owner, {
      name: `Profile Link ${run}`,
      description: 'Reached from the profile page.',
    });
    const p = await page({ as: owner });
    await p.goto(`/groups?id=${group.id}`);
    await p.waitForURL((url) => url.pathname === `/groups/${group.id}`);
    await p.getByRole('heading', { level: 1, name: group.name }).waitFor();
  });
});

describe('/groups/{id}', () => {
  it('shows the not-found panel for an unknown or malformed id', async () => {
    const p = await page({ as: await apiUser() });
    for (const path of ['/groups/987654', '/groups/not-a-group']) {
      await p.goto(path);
      await p.getByRole('heading', { name: 'Group Not Found' }).waitFor();
      await p
        .getByText(
          "The group you're looking for doesn't exist or you don't have permission to view it.",
          { exact: true },
        )
        .waitFor();
    }
    await screenshot(p, 'group-not-found-1280');
    await p.getByRole('link', { name: 'Back to Groups' }).click();
    await p.waitForURL((url) => url.pathname === '/groups');
  });

  it('joins and leaves with the notices and the counts in the singular and plural', async () => {
    const owner = await apiUser();
    const group = await createGroup(owner, {
      name: `Book Club ${run}`,
      description: 'Bookshops, libraries and readings.',
    });
    const member = await apiUser();
    const p = await page({ as: member });
    await p.goto(`/groups/${group.id}`);
    await p.getByRole('heading', { level: 1, name: group.name }).waitFor();
    await p.getByText('Bookshops, libraries and readings.').first().waitFor();
    await p.getByTestId('member-count').getByText('1 member', { exact: true }).waitFor();
    await p.getByTestId('review-count').getByText('0 reviews', { exact: true }).waitFor();
    expect((await p.getByTestId('established').textContent())?.trim()).toMatch(
      /^Est\. [A-Z][a-z]+ \d{1,2}, \d{4}$/,
    );

    // Non-member: the empty Reviews tab has no write button.
    await p.getByText('No Reviews Yet', { exact: true }).waitFor();
    // Until the membership is known the tab renders as for a non-member: wait for it.
    await p.getByRole('button', { name: 'Join Group', exact: true }).first().waitFor();
    expect(
      await p.getByRole('tabpanel').getByRole('link', { name: 'Write a Review' }).count(),
    ).toBe(0);

    await p.getByRole('button', { name: 'Join Group', exact: true }).first().click();
    await expectToast(p, 'Joined group successfully', `Success! You've joined ${group.name}`);
    await p.getByTestId('member-count').getByText('2 members', { exact: true }).waitFor();
    await p.getByRole('tabpanel').getByRole('link', { name: 'Write a Review' }).waitFor();

    await p.getByRole('button', { name: 'Leave Group', exact: true }).click();
    await expectToast(p, 'Left group successfully', `You've left ${group.name}`);
    await p.getByTestId('member-count').getByText('1 member', { exact: true }).waitFor();

    // Failures on the group page: "Error" with "Failed to … group: {message}".
    await p.route(`**/api/groups/${group.id}/join`, (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Nope"}' }),
    );
    await p.getByRole('button', { name: 'Join Group', exact: true }).first().click();
    await expectToast(p, 'Error', 'Failed to join group: Nope');
    await p.unroute(`**/api/groups/${group.id}/join`);
    await member.client.post(`/api/groups/${group.id}/join`);
    await p.reload();
    await p.route(`**/api/groups/${group.id}/leave`, (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Nope"}' }),
    );
    await p.getByRole('button', { name: 'Leave Group', exact: true }).click();
    await expectToast(p, 'Error', 'Failed to leave group: Nope');
  });

  it("sends a visitor's Join to /auth", async () => {
    const owner = await apiUser();
    const group = await createGroup(owner, {
      name: `Open Door ${run}`,
      description: 'Anyone may look around here.',
    });
    const p = await page();
    await p.goto(`/groups/${group.id}`);
    await p.getByRole('heading', { level: 1, name: group.name }).waitFor();
    await p.getByRole('button', { name: 'Join Group', exact: true }).first().click();
    await p.waitForURL((url) => url.pathname === '/auth');
  });

  it("offers a member's empty Reviews tab the write button, then shows the group's reviews and highlights", async () => {
    const owner = await apiUser();
    const group = await createGroup(owner, {
      name: `Foodies ${run}`,
      description: 'Restaurants, markets and bakeries.',
    });
    const p = await page({ as: owner });
    await p.goto(`/groups/${group.id}`);
    await p.getByText('No Reviews Yet', { exact: true }).waitFor();
    await p.getByRole('tab', { name: 'Members' }).click();
    await p.getByRole('tabpanel').getByText('1 member', { exact: true }).waitFor();
    await p.getByRole('tab', { name: 'About' }).click();
    await p.getByRole('tabpanel').getByRole('button', { name: 'Share' }).waitFor();
    await p.getByRole('tab', { name: 'Reviews' }).click();
    const write = p.getByRole('tabpanel').getByRole('link', { name: 'Write a Review' });
    expect(await write.getAttribute('href')).toBe('/write-review');
    await write.click();
    await p.waitForURL((url) => url.pathname === '/write-review');

    // One review tagged with the group: "1 review", the shared card, real highlights.
    const business = await owner.client.post('/api/businesses', {
      name: `Luigi Trattoria ${run}`,
      category: 'Restaurants',
      description: 'Hand-made pasta',
    });
    expect(business.status).toBe(201);
    await eventually('the review accepted', async () => {
      const res = await owner.client.post('/api/reviews', {
        businessId: business.body.id,
        rating: 4,
        content: 'Friendly staff and lovely fresh pasta.',
        groupIds: [group.id],
        photos: [],
      });
      return res.status === 201;
    });
    await eventually('the group review count', async () => {
      const res = await owner.client.get(`/api/groups/${group.id}`);
      return res.body.reviewCount === 1;
    });

    await p.goto(`/groups/${group.id}`);
    await p.getByTestId('review-count').getByText('1 review', { exact: true }).waitFor();
    await p.getByRole('article', { name: `Review of Luigi Trattoria ${run}` }).waitFor();
    await p.getByText('Friendly staff and lovely fresh pasta.').waitFor();
    const highlights = p.getByRole('complementary', { name: 'Group Highlights' });
    await highlights.getByTestId('reviews-this-week').getByText('1', { exact: true }).waitFor();
    await highlights.getByText('review this week', { exact: true }).waitFor();
    await highlights.getByRole('link', { name: `Luigi Trattoria ${run}` }).waitFor();
    await screenshot(p, 'group-detail-1280');
    await expectNoSeriousViolations(p, '/groups/{id}');

    const mobile = await page({ as: owner, width: 390 });
    await mobile.goto(`/groups/${group.id}`);
    await mobile.getByRole('article', { name: `Review of Luigi Trattoria ${run}` }).waitFor();
    await screenshot(mobile, 'group-detail-390');
    await expectNoSeriousViolations(mobile, '/groups/{id} at 390 px');
  });
});

describe('deployed alone', () => {
  const execFileAsync = promisify(execFile);
  let child: ChildProcess | null = null;
  let outDir = '';

  afterAll(() => {
    child?.kill('SIGTERM');
    if (outDir) rmSync(outDir, { recursive: true, force: true });
  });

  it('a rebuilt and restarted remote reaches the running shell on the next page load', async () => {
    const p = await page({ as: await apiUser() });
    await p.goto('/groups');
    await p.getByTestId('groups-tagline').getByText(DEFAULT_TAGLINE).waitFor();
    // The shell's own document (on /groups the gateway paints the remote's head into it).
    const shellHtml = await (await fetch(`${platform.world.baseUrl}/`)).text();

    // Rebuild only this remote, with another text, into a temporary directory: a production
    // build without minification (a third of the time; the bundle is otherwise the same).
    const changed = `Redeployed ${run}: find your people, then their reviews.`;
    outDir = mkdtempSync(join(tmpdir(), 'tc-groups-redeploy-'));
    await execFileAsync(
      process.execPath,
      [
        require.resolve('webpack-cli/bin/cli.js', {
          paths: [join(ROOT, 'frontends/groups-mfe')],
        }),
        'build',
        '--mode',
        'production',
        '--no-optimization-minimize',
        '--output-path',
        outDir,
      ],
      {
        cwd: join(ROOT, 'frontends/groups-mfe'),
        env: { ...process.env, GROUPS_TAGLINE: changed },
        maxBuffer: 16 * 1024 * 1024,
      },
    );

    // Restart only the remote's static server (its real entry point) on the same port.
    const port = platform.world.groupsRemote.port;
    await platform.world.groupsRemote.close();
    // Its probes on any free port (PORT + 1000 may be taken); it is up once it serves its manifest.
    child = spawn(process.execPath, [join(ROOT, 'frontends/groups-mfe/server/main.ts')], {
      env: {
        ...process.env,
        PORT: String(port),
        OPS_PORT: '0',
        HOST: '127.0.0.1',
        STATIC_ROOT: outDir,
      },
      stdio: 'ignore',
    });
    await eventually(
      'the restarted remote',
      async () =>
        (await fetch(`http://127.0.0.1:${port}/mf-manifest.json`).catch(() => null))?.ok ?? false,
      10_000,
    );

    await p.reload();
    await p.getByTestId('groups-tagline').getByText(changed).waitFor();
    // The shell itself was neither rebuilt nor restarted.
    expect(await (await fetch(`${platform.world.baseUrl}/`)).text()).toBe(shellHtml);
  });
});
