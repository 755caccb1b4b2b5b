import { existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { catalogService } from '@trustcircle/catalog';
import { communitiesService } from '@trustcircle/communities';
import { gatewayService } from '@trustcircle/gateway';
import { identityService } from '@trustcircle/identity';
import { reviewsService } from '@trustcircle/reviews';
import { socialService } from '@trustcircle/social';
import { startStaticServer, type RunningStaticServer } from '@trustcircle/http-server';
import {
  startStack,
  type StackOptions,
  type TestClient,
  type TestStack,
} from '@trustcircle/testing';
import { chromium, type Browser, type Page } from 'playwright-core';
// Flags of pitfalls.md (Debian Chromium as root, nothing phoning home), shared with the web
// bench: a JSON file, because e2e compiles as CommonJS and the bench runs as ES modules.
import CHROMIUM_FLAGS from '../packages/testing/chromium-flags.json';

/**
 * The e2e files' world: the stack behind the gateway with the built shell and remotes, the
 * browser, its pages, and the members registered through the API. support.ts re-exports it.
 */

export const ROOT = resolve(__dirname, '..');
export const SHELL_DIST = join(ROOT, 'frontends/shell/dist');
export const GROUPS_DIST = join(ROOT, 'frontends/groups-mfe/dist');
export const BUSINESS_DIST = join(ROOT, 'frontends/business-mfe/dist');
export const ARTIFACTS = join(ROOT, 'test-artifacts');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

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
  options: {
    groups?: boolean;
    business?: boolean;
    /** Follows and notifications (issue 18). */
    social?: boolean;
    env?: StackOptions['env'];
  } = {},
) {
  return useWorld({
    services: [
      communitiesService,
      catalogService,
      reviewsService,
      ...(options.social ? [socialService] : []),
    ],
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
