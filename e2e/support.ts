import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createDb } from '@trustcircle/service-kit';
import { waitFor } from '@trustcircle/testing';
import { applyGrant } from '../services/identity/src/operator/grant';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { ARTIFACTS, type newUser, type E2EWorld, type Member } from './world';

export * from './world';

/** An API answer's body; throws on a status of 300 or more. */
export async function ok<T>(
  promise: Promise<{ status: number; body: T; text: string }>,
  what: string,
): Promise<T> {
  const res = await promise;
  if (res.status >= 300) throw new Error(`${what}: ${res.status} ${res.text}`);
  return res.body;
}

/** A group created through the API by `owner`. */
export async function createGroup(
  owner: Member,
  group: { name: string; description: string; color?: string },
): Promise<{ id: number; name: string }> {
  return ok(owner.client.post('/api/groups', group), `group ${group.name}`);
}

/** A business listed through the API by `owner`; answers its id. */
export async function createBusiness(
  owner: Member,
  business: { name: string; category: string; description?: string } & Record<string, unknown>,
): Promise<number> {
  return (await ok(owner.client.post('/api/businesses', business), `business ${business.name}`))
    .id as number;
}

/**
 * Grants a role as the operator command does (`npm run grant`, design §9): identity's roles
 * and the member's live sessions, so the member's next request carries it.
 */
export async function grantRole(world: E2EWorld, member: Member, role: 'moderator') {
  const identity = createDb({ url: world.stack.db.adminUrl, schema: 'identity', poolMax: 1 });
  const gateway = createDb({ url: world.stack.db.adminUrl, schema: 'gateway', poolMax: 1 });
  try {
    await applyGrant(
      { identity, gateway },
      { action: 'grant', role, username: member.username },
      { settleMs: 0 },
    );
  } finally {
    await identity.destroy();
    await gateway.destroy();
  }
}

/**
 * Waits until the reviews service's projection of the member (fed by identity's events) holds
 * `verified`: a report weighs by the standing reviews knows at that moment.
 */
export async function untilReviewsKnow(world: E2EWorld, member: Member, verified: boolean) {
  const reviews = createDb({ url: world.stack.db.adminUrl, schema: 'reviews', poolMax: 1 });
  try {
    await waitFor(
      async () =>
        (await reviews('users').where({ id: member.id }).first('is_verified'))?.is_verified ===
        verified,
      { what: `reviews to know user ${member.id} as ${verified ? 'verified' : 'unverified'}` },
    );
  } finally {
    await reviews.destroy();
  }
}

export async function registerInBrowser(
  page: Page,
  user: ReturnType<typeof newUser>,
  token?: string,
) {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Register' }).click();
  await page.getByLabel('Username', { exact: true }).fill(user.username);
  await page.getByLabel('Full name').fill(user.name);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Confirm password').fill(user.password);
  if (token) {
    await page.getByLabel('Become a verified reviewer').check();
    await page.getByLabel('Verification token').fill(token);
  }
  await page.getByRole('button', { name: 'Create account' }).click();
}

export async function loginInBrowser(page: Page, username: string, password: string) {
  await page.getByLabel('Username or email').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: unknown; failureSummary?: string }>;
}

/** axe-core in the page (evaluated, so the CSP does not block it); serious + critical only. */
async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run(ctx: unknown, opts: unknown): Promise<{ violations: AxeViolation[] }> };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes
        .slice(0, 3)
        .map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
    }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

export async function expectNoSeriousViolations(page: Page, where: string): Promise<void> {
  const violations = await seriousViolations(page);
  if (violations.length)
    throw new Error(`axe on ${where}:\n${JSON.stringify(violations, null, 2)}`);
}

/** A small real PNG (the wizard and the API check the bytes, not the name). */
export async function pngPhoto(background = '#26a69a'): Promise<Buffer> {
  return sharp({ create: { width: 320, height: 240, channels: 3, background } })
    .png()
    .toBuffer();
}

/** Uploads a photo as `member` (`POST /api/photos`, multipart) and answers its URL. */
export async function uploadPhoto(world: E2EWorld, member: Member): Promise<string> {
  const form = new FormData();
  form.append(
    'photos',
    new Blob([new Uint8Array(await pngPhoto())], { type: 'image/png' }),
    'a.png',
  );
  const cookie = [...member.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const res = await fetch(`${world.baseUrl}/api/photos`, {
    method: 'POST',
    headers: { cookie },
    body: form,
  });
  if (res.status !== 201) throw new Error(`photo upload: ${res.status} ${await res.text()}`);
  return ((await res.json()) as Array<{ url: string }>)[0]!.url;
}

/** Step 2 of the wizard: a star by its number (the radios are visually hidden). */
export async function rate(page: Page, stars: number) {
  await page
    .locator('label.tc-star-choice')
    .nth(stars - 1)
    .click();
}

/** The shell's toast that holds `text`. */
export const toastText = (page: Page, text: string) =>
  page.getByTestId('toast').filter({ hasText: text }).first();

export async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
}

/**
 * A page whose remote lists a static head (gateway/src/page-heads.ts): with no script run, the
 * HTML paints its title and lead line; once the page's code has run, React draws them in the
 * same boxes at the same place (the head is the page's largest text: painted once, no jump).
 * `ready` waits for the page's own render. At 390 and 1280 px, screenshots of the first paint.
 */
export async function expectHeadPaintedFirst(
  open: (width: number) => Promise<Page>,
  path: string,
  /** `fromService`: the head needs a service's answer (a member's name, a business). */
  head: { title: string; lead: string; fromService?: boolean },
  ready: (page: Page) => Promise<void>,
  name = path.replaceAll('/', '-'),
) {
  for (const width of [390, 1280]) {
    const p = await open(width);
    const boxes = () =>
      Promise.all([
        p.getByRole('heading', { level: 1, name: head.title, exact: true }).boundingBox(),
        p.getByText(head.lead, { exact: true }).boundingBox(),
      ]);
    await p.route('**/*.js', (route) => route.abort());
    // A head that needs a service's answer is painted only when the answer comes within the
    // gateway's short wait: on a busy test machine the first load may go without it, so such a
    // page is loaded up to three times. A static head must be there the first time.
    const attempts = head.fromService ? 3 : 1;
    for (let attempt = 1; ; attempt += 1) {
      await p.goto(path);
      const painted = await p
        .getByText(head.lead, { exact: true })
        .waitFor({ timeout: 3_000 })
        .then(() => true)
        .catch((error: unknown) => {
          if (attempt === attempts) throw error;
          return false;
        });
      if (painted) break;
    }
    const before = await boxes();
    await screenshot(p, `first-paint${name}-${width}`);
    await p.unroute('**/*.js');
    await p.reload();
    await ready(p);
    expect(await p.getByRole('heading', { level: 1 }).count()).toBe(1); // the HTML's is gone
    const after = await boxes();
    before.forEach((box, i) => {
      expect(box).not.toBeNull();
      for (const side of ['x', 'y', 'width', 'height'] as const) {
        expect(Math.round(after[i]![side])).toBe(Math.round(box![side]));
      }
    });
    await p.close();
  }
}
