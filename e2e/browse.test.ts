import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { waitFor } from '@trustcircle/testing';
import type { Page } from 'playwright-core';
import {
  BUSINESS_DIST,
  createBusiness,
  createGroup,
  expectHeadPaintedFirst,
  expectNoSeriousViolations,
  ok,
  platformWorld,
  screenshot,
  type Member,
} from './support';

/**
 * Finding things (issue 17): Explore paged past 50 to the end with a true count, a group's
 * reviews paged, the top bar's suggestions by keyboard, search that forgives ("muller",
 * "okafor edu"), /search, /category/Nope, and the header from 800 to 1280 px.
 */
jest.setTimeout(180_000);

const platform = platformWorld({ groups: true, business: true });
const { page, register } = platform;
const run = Date.now().toString(36).slice(-5);
/** Businesses Explore lists: enough for three windows of 24. */
const FILLERS = 60;
const GROUP_REVIEWS = 45;
let owner: Member;
let longName: Member;
let group: { id: number; name: string };
const ids: Record<string, number> = {};

async function addBusiness(name: string, category: string, description?: string) {
  ids[name] = await createBusiness(owner, { name, category, description });
}

beforeAll(async () => {
  owner = await register();
  longName = await register();
  await ok(
    longName.client.patch('/api/user', {
      name: 'Maximiliane Alexandra Featherstonehaugh-Wolfeschlegelsteinhausen',
    }),
    'long name',
  );
  await addBusiness('Müller Automotive', 'Automotive', 'Brakes, tyres and inspections.');
  await addBusiness('Okafor Education', 'Education', 'Tutoring for every age.');
  await addBusiness('Okafor Language Centre', 'Education', 'French and Igbo for adults.');
  for (let i = 1; i <= FILLERS; i += 1) {
    await addBusiness(`Browse ${run} Place ${String(i).padStart(2, '0')}`, 'Home Services');
  }
  group = await createGroup(owner, {
    name: `Browsers ${run}`,
    description: 'People who read every review before they pick.',
  });
  for (let i = 1; i <= GROUP_REVIEWS; i += 1) {
    const review = {
      businessId: ids[`Browse ${run} Place ${String(i).padStart(2, '0')}`],
      rating: 4,
      content: `Review ${i} of ${run}: tidy work, fair price, would book again.`,
      groupIds: [group.id],
    };
    // Reviews learns of the business and the membership through events: retried until it has.
    await waitFor(
      async () => {
        const res = await owner.client.post('/api/reviews', review);
        if (res.status >= 300 && res.status !== 404 && res.status !== 409)
          throw new Error(`review ${i}: ${res.status} ${res.text}`);
        return res.status === 201;
      },
      { what: `review ${i}` },
    );
  }
  await waitFor(
    async () => {
      const res = await platform.world.stack.client().get(`/api/groups/${group.id}`);
      return res.body.reviewCount === GROUP_REVIEWS;
    },
    { what: 'the group counts its reviews' },
  );
}, 180_000);

const cards = (p: Page, testId: string) => p.getByTestId(testId).getByRole('article');

/** Clicks "Load more" until the list ends, checking the window never holds more than `most`. */
async function loadToTheEnd(p: Page, testId: string, most: number, endText: string) {
  for (let clicks = 0; ; clicks += 1) {
    expect(await cards(p, testId).count()).toBeLessThanOrEqual(most);
    const more = p.getByRole('button', { name: 'Load more', exact: true });
    const end = p.getByRole('status').filter({ hasText: endText });
    await more.or(end).first().waitFor();
    if (await end.isVisible()) return clicks;
    const range = await p.getByTestId('window-range').textContent();
    await more.click();
    await p.getByTestId('window-range').filter({ hasNotText: range! }).waitFor();
  }
}

describe('Explore', () => {
  it('shows the true count and pages past 50 to the end, never more than 48 at once', async () => {
    const p = await page(owner);
    await p.goto('/explore');
    const total = FILLERS + 3;
    await p
      .getByTestId('result-count')
      .filter({ hasText: `${total} results` })
      .waitFor();
    await p
      .getByTestId('window-range')
      .filter({ hasText: `Showing 1–24 of ${total}` })
      .waitFor();
    const clicks = await loadToTheEnd(p, 'business-results', 48, `End of the list: ${total}`);
    expect(clicks).toBe(2);
    const last = `Browse ${run} Place ${FILLERS}`;
    await cards(p, 'business-results').filter({ hasText: last }).waitFor();
    await p
      .getByTestId('window-range')
      .filter({ hasText: `Showing 25–${total} of ${total}` })
      .waitFor();
    await p.getByRole('button', { name: 'Show earlier businesses' }).click();
    await cards(p, 'business-results').filter({ hasText: 'Müller Automotive' }).waitFor();
    await screenshot(p, 'browse-explore-1280');
    await expectNoSeriousViolations(p, 'explore, paged');
  });

  it('does not shift while its parts arrive, at 390 and 1280 px (layout shift under 0.05)', async () => {
    for (const width of [390, 1280]) {
      const p = await page(undefined, width);
      await p.addInitScript(() => {
        const shifts: number[] = [];
        (window as unknown as { tcShifts: number[] }).tcShifts = shifts;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) {
            const shift = entry as PerformanceEntry & { value: number; hadRecentInput: boolean };
            if (!shift.hadRecentInput) shifts.push(shift.value);
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      // The page's reads come late and in turn, as on a slow phone: the page has drawn its
      // stand-ins before the categories, then the trending list and the results, arrive.
      const delays: Record<string, number> = { categories: 300, trending: 600, businesses: 900 };
      await p.route(/\/api\/(categories|businesses\/trending|businesses\?)/, async (route) => {
        const url = route.request().url();
        const kind = url.includes('trending')
          ? 'trending'
          : url.includes('categories')
            ? 'categories'
            : 'businesses';
        await new Promise((resolve) => setTimeout(resolve, delays[kind]));
        await route.continue();
      });
      await p.goto('/explore');
      await p.getByTestId('business-results').waitFor();
      await p.getByRole('heading', { name: 'Trending Now' }).waitFor();
      await p.waitForTimeout(300);
      const total = await p.evaluate(() =>
        (window as unknown as { tcShifts: number[] }).tcShifts.reduce((a, b) => a + b, 0),
      );
      expect(total).toBeLessThan(0.05);
      await p.close();
    }
  });

  it("paints the hero's texts with its HTML, where React then draws them", async () => {
    await expectHeadPaintedFirst(
      (width) => page(undefined, width),
      '/explore',
      {
        title: 'Discover businesses',
        lead: 'Find places your communities trust, and see how they score.',
      },
      (p) => p.getByTestId('business-results').waitFor(),
    );
  });

  it("loads a remote's page with what its HTML and the gateway hint, each once", async () => {
    const businessId = ids['Müller Automotive']!;
    // The manifest, the remote's entry, its route table's script and style, the page's files,
    // and the page's read: for a visitor, and signed in (the read then carries the session).
    const pageFiles = (
      JSON.parse(readFileSync(join(BUSINESS_DIST, 'page-assets.json'), 'utf8')) as Record<
        string,
        string[]
      >
    )['/business/:id']!.map((file) => `/mfe/business/${file}`);
    expect(pageFiles.length).toBeGreaterThan(0);
    for (const who of [undefined, owner]) {
      const p = await page(who, 390);
      const asked = new Map<string, number>();
      const warnings: string[] = [];
      p.on('request', (request) => {
        const path = new URL(request.url()).pathname;
        asked.set(path, (asked.get(path) ?? 0) + 1);
      });
      p.on('console', (message) => {
        if (/preload/i.test(message.text())) warnings.push(message.text());
      });
      const answer = await p.goto(`/business/${businessId}`);
      const hinted = [...(answer?.headers().link ?? '').matchAll(/<([^>]+)>/g)].map((m) => m[1]!);
      expect(hinted).toEqual(
        expect.arrayContaining([
          `/api/businesses/${businessId}`,
          '/mfe/business/mf-manifest.json',
          '/mfe/business/remoteEntry.js',
          ...pageFiles,
        ]),
      );
      await p.getByRole('heading', { name: 'Müller Automotive' }).waitFor();
      // The shell's HTML hints what every page starts with: who is signed in (a visitor's
      // answer is a 401, taken all the same), the remote configuration, the bootstrap's chunks.
      const inHtml = await p.$$eval('head link[rel=preload]', (links) =>
        links.map((link) => new URL((link as HTMLLinkElement).href).pathname),
      );
      expect(inHtml).toEqual(expect.arrayContaining(['/api/user', '/mfe/config.json']));
      // Chrome warns of a preload nothing used a few seconds after the load event.
      await p.waitForTimeout(3_500);
      // Each was asked for once: the runtime and the page took the preloaded answers.
      const all = [...hinted, ...inHtml];
      expect(all.map((path) => [path, asked.get(path)])).toEqual(all.map((path) => [path, 1]));
      expect(warnings).toEqual([]);
      await p.close();
    }
  });

  it('reads ?search= and ?category=, forgiving accents and a partial last word', async () => {
    const p = await page(owner);
    await p.goto('/explore?search=muller');
    await cards(p, 'business-results').filter({ hasText: 'Müller Automotive' }).waitFor();
    await p.getByTestId('result-count').filter({ hasText: '1 result' }).waitFor();
    await p.goto('/explore?search=okafor%20edu');
    await cards(p, 'business-results').first().filter({ hasText: 'Okafor Education' }).waitFor();
    await p.goto('/explore?category=Education');
    await p.getByTestId('result-count').filter({ hasText: '2 results' }).waitFor();
    await p.goto('/category/Nope');
    await p.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    await p.goto('/category/education');
    await p.getByRole('heading', { level: 1, name: 'Education' }).waitFor();
  });
});

describe('a group page', () => {
  it('pages its reviews 20 at a time, to a visible end', async () => {
    const p = await page(owner);
    await p.goto(`/groups/${group.id}`);
    await p.getByRole('heading', { level: 1, name: group.name }).waitFor();
    await p
      .getByTestId('window-range')
      .filter({ hasText: `Showing 1–20 of ${GROUP_REVIEWS} reviews` })
      .waitFor();
    expect(await cards(p, 'group-reviews').count()).toBe(20);
    const clicks = await loadToTheEnd(
      p,
      'group-reviews',
      40,
      `End of the list: ${GROUP_REVIEWS} reviews`,
    );
    expect(clicks).toBe(2);
    expect(await cards(p, 'group-reviews').count()).toBe(GROUP_REVIEWS - 20);
    await cards(p, 'group-reviews')
      .filter({ hasText: `Review 1 of ${run}:` })
      .waitFor();
  });
});

describe('the top bar search', () => {
  it('suggests as you type and is driven by the keyboard', async () => {
    const p = await page(owner);
    await p.goto('/explore');
    const box = p.getByRole('combobox', { name: 'Search businesses or products' });
    await box.click();
    await box.pressSequentially('okafor edu');
    await box.and(p.locator('[aria-expanded="true"]')).waitFor();
    const listbox = p.getByRole('listbox', { name: 'Search suggestions' });
    await listbox.getByRole('option', { name: /Okafor Education/ }).waitFor();
    await box.press('ArrowDown');
    const activeId = await box.getAttribute('aria-activedescendant');
    expect(await p.locator(`[id="${activeId}"]`).textContent()).toContain('Okafor Education');
    expect(await p.locator(`[id="${activeId}"]`).getAttribute('aria-selected')).toBe('true');
    await screenshot(p, 'browse-suggestions-1280');
    await expectNoSeriousViolations(p, 'top bar suggestions');
    await box.press('Enter');
    await p.waitForURL(`**/business/${ids['Okafor Education']}`);
    await p.getByRole('heading', { level: 1, name: 'Okafor Education' }).waitFor();

    await box.fill('');
    await box.pressSequentially('mullr');
    await listbox.getByRole('option', { name: /Müller Automotive/ }).waitFor();
    await box.press('Escape');
    await box.and(p.locator('[aria-expanded="false"]')).waitFor();
    await box.press('Enter');
    await p.waitForURL('**/search?q=mullr');
    await p
      .getByTestId('search-results')
      .getByRole('article', { name: 'Müller Automotive' })
      .waitFor();
  });

  it('lists businesses, groups and people on /search with true counts', async () => {
    const p = await page(owner);
    await p.goto(`/search?q=${encodeURIComponent(`browsers ${run}`)}&tab=groups`);
    await p.getByRole('tab', { name: /Groups\s*1/, selected: true }).waitFor();
    await p.getByTestId('search-results').getByRole('article', { name: group.name }).waitFor();
    await p.goto(`/search?q=browse%20${run}`);
    await p.getByRole('tab', { name: new RegExp(`Businesses\\s*${FILLERS}`) }).waitFor();
    await p.getByRole('tab', { name: /People\s*0/ }).click();
    await p.getByText('No people found').waitFor();
    expect(new URL(p.url()).searchParams.get('tab')).toBe('people');
    await p.goto(`/search?q=${encodeURIComponent(owner.username)}&tab=people`);
    await p.getByTestId('search-results').getByRole('article', { name: owner.name }).waitFor();
    await screenshot(p, 'browse-search-1280');
    await expectNoSeriousViolations(p, '/search');
  });
});

describe('the header', () => {
  /** The bar's height, and "Write a Review" on one line (its height is one line's). */
  async function barShape(p: Page) {
    const bar = await p.locator('header.tc-topbar').boundingBox();
    const write = await p
      .locator('header')
      .getByRole('link', { name: 'Write a Review' })
      .boundingBox();
    return { bar: bar!.height, write: write?.height ?? 0 };
  }

  it('at 800 px opens a menu with every entry, and never wraps', async () => {
    const p = await page(longName, 800);
    await p.goto('/explore');
    await p.getByRole('combobox', { name: 'Search businesses or products' }).waitFor();
    const shape = await barShape(p);
    expect(shape.bar).toBeLessThan(70);
    expect(shape.write).toBeLessThan(45);
    await p.getByRole('button', { name: 'Open menu' }).click();
    const drawer = p.getByRole('dialog');
    for (const name of [
      'Discover',
      'Groups',
      'Trending',
      'Dashboard',
      'Your Profile',
      'My Reviews',
      'Settings',
    ])
      await drawer.getByRole('link', { name, exact: true }).waitFor();
    await drawer.getByRole('button', { name: 'Sign out' }).waitFor();
    await screenshot(p, 'browse-header-menu-800');
    await drawer.getByRole('link', { name: 'Groups', exact: true }).click();
    await p.waitForURL('**/groups');
    await drawer.waitFor({ state: 'detached' });
  });

  it('at 1280 px keeps a long name to one line with an ellipsis', async () => {
    const p = await page(longName, 1280);
    await p.goto('/explore');
    const name = p.locator('header .tc-user-name');
    await name.waitFor();
    const shape = await barShape(p);
    expect(shape.bar).toBeLessThan(70);
    expect(shape.write).toBeLessThan(45);
    const clipped = await name.evaluate((el) => el.scrollWidth > el.clientWidth);
    expect(clipped).toBe(true);
    await screenshot(p, 'browse-header-1280');
  });
});
