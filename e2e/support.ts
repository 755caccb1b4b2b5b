import { existsSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { catalogService } from '@trustcircle/catalog';
import { communitiesService } from '@trustcircle/communities';
import { gatewayService } from '@trustcircle/gateway';
import { identityService } from '@trustcircle/identity';
import { reviewsService } from '@trustcircle/reviews';
import { startStaticServer, type RunningStaticServer } from '@trustcircle/http-server';
import { createDb } from '@trustcircle/service-kit';
import {
  startStack,
  waitFor,
  type StackOptions,
  type TestClient,
  type TestStack,
} from '@trustcircle/testing';
import { applyGrant } from '../services/identity/src/operator/grant';
import { chromium, type Browser, type Page } from 'playwright-core';
import sharp from 'sharp';

export const ROOT = resolve(__dirname, '..');
export const SHELL_DIST = join(ROOT, 'frontends/shell/dist');
export const GROUPS_DIST = join(ROOT, 'frontends/groups-mfe/dist');
export const BUSINESS_DIST = join(ROOT, 'frontends/business-mfe/dist');
export const ARTIFACTS = join(ROOT, 'test-artifacts');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Flags of pitfalls.md: headless Debian Chromium as root, nothing phoning home. */
const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export interface E2EWorld {
  stack: TestStack;
  shell: RunningStaticServer;
  /** A stand-in for the groups remote's server, stopped by the tests that need it down. */
  groupsRemote: RunningStaticServer;
  /** The business remote's server, when `businessRoot` was given. */
  businessRemote?: RunningStaticServer;
  browser: Browser;
  baseUrl: string;
  stop(): Promise<void>;
}

export interface WorldOptions {
  /** Backend services besides identity (e.g. communities, reviews, catalog). */
  services?: StackOptions['services'];
  /** Serve this build as the groups remote (default: an empty stand-in). */
  groupsRoot?: string;
  /** Serve this build as the business remote (default: none, the gateway answers 503). */
  businessRoot?: string;
  /** Extra environment per service name (`gateway` included), e.g. reviews' thresholds. */
  env?: StackOptions['env'];
}

/** Starts a fresh stack (own database, free ports) with the built shell behind the gateway. */
export async function startWorld(options: WorldOptions = {}): Promise<E2EWorld> {
  if (!existsSync(join(SHELL_DIST, 'index.html'))) {
    throw new Error('frontends/shell/dist is missing: run `npm run build` first (npm test does).');
  }
  if (!existsSync(CHROMIUM)) {
    throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium`);
  }
  const emptyRemote = mkdtempSync(join(tmpdir(), 'tc-remote-'));
  const shell = await startStaticServer({ root: SHELL_DIST });
  if (options.groupsRoot && !existsSync(join(options.groupsRoot, 'mf-manifest.json'))) {
    throw new Error(`${options.groupsRoot} has no mf-manifest.json: run \`npm run build\` first.`);
  }
  const groupsRemote = await startStaticServer({
    root: options.groupsRoot ?? emptyRemote,
    spaFallback: false,
  });
  if (options.businessRoot && !existsSync(join(options.businessRoot, 'mf-manifest.json'))) {
    throw new Error(
      `${options.businessRoot} has no mf-manifest.json: run \`npm run build\` first.`,
    );
  }
  const businessRemote = options.businessRoot
    ? await startStaticServer({ root: options.businessRoot, spaFallback: false })
    : undefined;
  const stack = await startStack({
    gateway: gatewayService,
    services: [identityService, ...(options.services ?? [])],
    env: {
      ...options.env,
      gateway: {
        SHELL_URL: shell.url,
        GROUPS_MFE_URL: groupsRemote.url,
        ...(businessRemote ? { BUSINESS_MFE_URL: businessRemote.url } : {}),
        LOGIN_LIMIT_PER_IP: '1000',
        REGISTER_LIMIT_PER_IP: '1000',
        ...options.env?.gateway,
      },
    },
  });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  mkdirSync(ARTIFACTS, { recursive: true });
  return {
    stack,
    shell,
    groupsRemote,
    businessRemote,
    browser,
    baseUrl: stack.gatewayUrl,
    async stop() {
      await browser.close().catch(() => undefined);
      await stack.stop().catch(() => undefined);
      await shell.close();
      await groupsRemote.close().catch(() => undefined);
      await businessRemote?.close().catch(() => undefined);
    },
  };
}

/**
 * A test file's world: started before all its tests, its pages closed after each, stopped after
 * all. Registers those jest hooks, so call it at the top of the file, before the file's own
 * `beforeAll` (which then runs after the start). `options` may be computed then (e.g. from a
 * server another hook started first).
 */
export function useWorld(options: WorldOptions | (() => WorldOptions) = {}) {
  let world: E2EWorld | undefined;
  const current = () => {
    if (!world) throw new Error('the world is not started: use it inside a test or a hook');
    return world;
  };
  const pages = pageTracker(current);
  beforeAll(async () => {
    world = await startWorld(typeof options === 'function' ? options() : options);
  }, 120_000);
  afterEach(() => pages.closeAll());
  afterAll(async () => {
    await world?.stop();
  });
  return {
    get world() {
      return current();
    },
    pages,
    /** A browser page, signed in as `member` when given. */
    page: (member?: Member, width = 1280) => pages.open({ as: member, width }),
    /** A member registered through the API. */
    register: (registration: { verified?: boolean } = {}) =>
      registerMember(current(), registration),
  };
}

/**
 * The world of the files that browse the product: identity, communities, catalog and reviews
 * behind the gateway, with the built groups and business remotes when asked for.
 */
export function platformWorld(
  options: { groups?: boolean; business?: boolean; env?: StackOptions['env'] } = {},
) {
  return useWorld({
    services: [communitiesService, catalogService, reviewsService],
    groupsRoot: options.groups ? GROUPS_DIST : undefined,
    businessRoot: options.business ? BUSINESS_DIST : undefined,
    env: options.env,
  });
}

export async function newPage(world: E2EWorld, width = 1280): Promise<Page> {
  const context = await world.browser.newContext({
    baseURL: world.baseUrl,
    viewport: { width, height: width < 768 ? 844 : 900 },
    deviceScaleFactor: 1,
    // Bootstrap then drops its colour transitions: axe must judge the colours a state ends in,
    // not a frame half-way into a hover (a button under the pointer once failed that way).
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  return page;
}

/**
 * The browser pages a test file opens, each in its own context (signed in as `as`, with its API
 * client's session cookie, when given); `closeAll` after each test.
 */
export function pageTracker(world: () => E2EWorld) {
  const open: Page[] = [];
  return {
    async open(options: { as?: { client: TestClient }; width?: number } = {}): Promise<Page> {
      const page = await newPage(world(), options.width);
      open.push(page);
      if (options.as) {
        await page.context().addCookies(
          [...options.as.client.cookies].map(([name, value]) => ({
            name,
            value,
            url: world().baseUrl,
          })),
        );
      }
      return page;
    },
    async closeAll(): Promise<void> {
      for (const page of open.splice(0))
        await page
          .context()
          .close()
          .catch(() => undefined);
    },
  };
}

/** A user registered through the API; `client` holds the session. */
export interface Member {
  client: TestClient;
  id: number;
  name: string;
  username: string;
}

/** Registers through the API; `verified` signs up with a sandbox token of its own. */
export async function registerMember(
  world: E2EWorld,
  options: { verified?: boolean } = {},
): Promise<Member> {
  const user = newUser();
  const client = world.stack.client();
  const verification = options.verified
    ? { isVerified: true, clearMeId: `CLR-${user.username.replace(/[^A-Za-z0-9]/g, '')}` }
    : {};
  const res = await client.post('/api/register', { ...user, ...verification });
  if (res.status !== 201) throw new Error(`register: ${res.status} ${res.text}`);
  if (options.verified && res.body.isVerified !== true) throw new Error('register: not verified');
  return { client, id: res.body.id as number, name: user.name, username: user.username };
}

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

let seq = 0;
export function newUser() {
  seq += 1;
  const tag = `${Date.now().toString(36)}${seq}`;
  return {
    username: `e2e_${tag}`,
    email: `e2e_${tag}@example.com`,
    name: `Avery Quinn ${seq}`,
    password: 'correct horse battery',
  };
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
