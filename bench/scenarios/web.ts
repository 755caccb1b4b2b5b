/**
 * Web performance (issue 7): Lighthouse 12 on the pages a visitor and a member see first.
 * `npm start` (scripts/start.ts) runs the whole platform from its builds on free ports, in a
 * throwaway database with its own roles and stream prefix, and seeds a small demo
 * (`SEED_SCALE`); then Lighthouse drives the machine's Chromium, with the desktop preset and
 * the mobile default (simulated slow 4G, 4× CPU), on the landing page (visitor), the
 * signed-in home (user `demo`, session cookie as an extra header), /explore, a seeded
 * business's page and the signed-in /groups. The landing's initial JavaScript is summed from Lighthouse's
 * network-requests audit (as transferred) and fetched again with `Accept-Encoding: gzip` (the
 * figure the target names). Knobs: `BENCH_WEB_SEED_SCALE` (0.05), `BENCH_WEB_PAGES`
 * (e.g. `landing,explore`), `BENCH_WEB_REPORTS` (a directory for the JSON reports). Each
 * page is measured once the platform is quiet (support/cpu.ts `untilQuiet`): just seeded, its
 * services project the seed's events for 20–30 s, and a page measured meanwhile shares the
 * two cores with that work.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dropDatabase, dropRoles, urlWithDatabase } from '@trustcircle/service-kit';
import lighthouse, { desktopConfig, type Config, type Flags, type Result } from 'lighthouse';
import { DEPLOYABLES, envName } from '../../scripts/launcher/deployables.ts';
import { untilQuiet } from '../support/cpu.ts';
import { ADMIN_URL, ROOT, waitUntil } from '../support/env.ts';
import { deleteRunStreams } from '../support/streams.ts';
import type { ScenarioResult } from '../types.ts';
import CHROMIUM_FLAGS from '../../packages/testing/chromium-flags.json' with { type: 'json' };

const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const SEED_SCALE = process.env.BENCH_WEB_SEED_SCALE ?? '0.05';
const PAGES = process.env.BENCH_WEB_PAGES?.split(',').map((page) => page.trim());
const REPORTS = process.env.BENCH_WEB_REPORTS;
/** Every process `npm start` runs, by the name its `<NAME>_PORT` variable uses. */
const PROCESSES = DEPLOYABLES.map((d) => envName(d.name));
/** Schema owners: `npm start` provisions one role `<prefix><name>` each. */
const ROLES = DEPLOYABLES.filter((d) => d.kind !== 'frontend').map((d) => d.name);
/** pitfalls.md's flags for Chromium as root (the e2e world's too), plus the new headless mode. */
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_FLAGS];

/**
 * Issue 20's: mobile (simulated slow 4G, 4× CPU) ≥ 95 where a visitor arrives, ≥ 90 on the
 * signed-in pages, LCP < 2.5 s; desktop LCP < 1.0 s (and issue 7's score ≥ 90); the landing's
 * initial JavaScript ≤ 150 kB gzip.
 */
const TARGETS = {
  desktop: { score: 90, lcpMs: 1000 },
  mobile: {
    lcpMs: 2500,
    score: { landing: 95, explore: 95, business: 95, home: 90, groups: 90 } as Record<
      string,
      number
    >,
  },
  initialJsKb: 150,
};

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

/** Resolves once `output()` contains `text`; rejects if the process exits or time runs out. */
async function waitForOutput(
  child: ChildProcess,
  output: () => string,
  text: string,
  timeoutMs: number,
): Promise<void> {
  await waitUntil(
    () => {
      if (child.exitCode !== null) throw new Error(`npm start exited early:\n${output()}`);
      return output().includes(text);
    },
    () => `npm start to come up:\n${output()}`,
    { timeoutMs, intervalMs: 250 },
  );
}

async function stopProcess(child: ChildProcess, signal: NodeJS.Signals, graceMs: number) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

/** Chromium with a DevTools port for Lighthouse (it reads the port from the profile dir). */
async function launchChromium(profile: string): Promise<{ port: number; process: ChildProcess }> {
  const child = spawn(
    CHROME_PATH,
    [...CHROME_FLAGS, `--user-data-dir=${profile}`, '--remote-debugging-port=0', 'about:blank'],
    { stdio: 'ignore' },
  );
  let port = 0;
  try {
    await waitUntil(
      () => {
        if (child.exitCode !== null) throw new Error(`chromium exited with ${child.exitCode}`);
        try {
          port = Number(readFileSync(join(profile, 'DevToolsActivePort'), 'utf8').split('\n')[0]);
        } catch {
          // not written yet
        }
        return port > 0;
      },
      'chromium to open its DevTools port',
      { timeoutMs: 30_000, intervalMs: 100 },
    );
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return { port, process: child };
}

interface PageRun {
  page: string;
  preset: 'desktop' | 'mobile';
  lhr: Result;
}

const numeric = (lhr: Result, audit: string) => lhr.audits[audit]?.numericValue ?? Number.NaN;

interface NetworkRequest {
  url: string;
  resourceType?: string;
  transferSize?: number;
  resourceSize?: number;
}

function scriptsOf(lhr: Result): NetworkRequest[] {
  const details = lhr.audits['network-requests']?.details as
    { items?: NetworkRequest[] } | undefined;
  return (details?.items ?? []).filter((item) => item.resourceType === 'Script');
}

/** The bytes `url` takes with `Accept-Encoding: gzip` (what the target is stated in). */
async function gzipBytes(url: string): Promise<number> {
  const res = await fetch(url, { headers: { 'accept-encoding': 'gzip' } });
  // fetch decodes the body; the header is the wire size (precompressed, so always present).
  const length = Number(res.headers.get('content-length'));
  const wire =
    Number.isFinite(length) && length > 0 ? length : (await res.arrayBuffer()).byteLength;
  if (res.body && !res.bodyUsed) await res.body.cancel();
  return wire;
}

function pageRow(run: PageRun): ScenarioResult {
  const { lhr, page, preset } = run;
  const score = Math.round((lhr.categories.performance?.score ?? 0) * 100);
  const lcp = numeric(lhr, 'largest-contentful-paint');
  const { score: minScore, lcpMs } =
    preset === 'desktop'
      ? TARGETS.desktop
      : { score: TARGETS.mobile.score[page] ?? 95, lcpMs: TARGETS.mobile.lcpMs };
  const target = {
    text: `score ≥ ${minScore}, LCP < ${(lcpMs / 1000).toFixed(1)} s`,
    pass: score >= minScore && lcp < lcpMs,
  };
  return {
    name: `web ${page} (${preset})`,
    metrics: {
      score,
      'FCP ms': numeric(lhr, 'first-contentful-paint'),
      'LCP ms': lcp,
      'TBT ms': numeric(lhr, 'total-blocking-time'),
      CLS: numeric(lhr, 'cumulative-layout-shift'),
      'JS kB': scriptsOf(lhr).reduce((sum, item) => sum + (item.transferSize ?? 0), 0) / 1000,
    },
    target: target.text,
    pass: target.pass && !lhr.runtimeError,
  };
}

export async function run(): Promise<ScenarioResult[]> {
  const id = randomBytes(4).toString('hex');
  const database = `tc_bench_web_${id}`;
  const rolePrefix = `tcw_${id}_`;
  const eventsPrefix = `benchweb${id}`;
  const work = mkdtempSync(join(tmpdir(), 'tc-bench-web-'));
  const ports = Object.fromEntries(
    await Promise.all(PROCESSES.map(async (name) => [`${name}_PORT`, String(await freePort())])),
  ) as Record<string, string>;
  const base = `http://localhost:${ports.GATEWAY_PORT}`;

  let output = '';
  const launcher = spawn(process.execPath, [join(ROOT, 'scripts/start.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...ports,
      DATABASE_URL: urlWithDatabase(ADMIN_URL, database),
      DATABASE_ROLE_PREFIX: rolePrefix,
      EVENTS_PREFIX: eventsPrefix,
      TC_DATA_DIR: join(work, 'data'),
      PUBLIC_URL: base,
      LOG_LEVEL: 'warn',
      SEED_SCALE,
      REGISTER_LIMIT_PER_IP: '1000',
      LOGIN_LIMIT_PER_IP: '1000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  launcher.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  launcher.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let chromium: ChildProcess | undefined;

  try {
    const started = Date.now();
    await waitForOutput(launcher, () => output, `TrustCircle is running at ${base}`, 180_000);
    console.log(`  platform up and seeded in ${((Date.now() - started) / 1000).toFixed(0)} s`);

    const login = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'demo', password: 'trustcircle-demo' }),
    });
    if (!login.ok) throw new Error(`login as demo: ${login.status}\n${output}`);
    const cookie = login.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    const listed = await fetch(`${base}/api/businesses?limit=1`);
    const [business] = (await listed.json()) as { id: number }[];
    if (!business) throw new Error('the seed made no business');

    const pages: { page: string; path: string; headers?: Record<string, string> }[] = [
      { page: 'landing', path: '/' },
      { page: 'home', path: '/', headers: { cookie } },
      { page: 'explore', path: '/explore' },
      { page: 'business', path: `/business/${business.id}` },
      { page: 'groups', path: '/groups', headers: { cookie } },
    ].filter(({ page }) => !PAGES || PAGES.includes(page));

    const chrome = await launchChromium(join(work, 'chromium'));
    chromium = chrome.process;
    const runs: PageRun[] = [];
    for (const { page, path, headers } of pages) {
      for (const preset of ['desktop', 'mobile'] as const) {
        const flags: Flags = {
          port: chrome.port,
          logLevel: 'error',
          output: 'json',
          onlyCategories: ['performance'],
          ...(headers ? { extraHeaders: headers } : {}),
        };
        const config: Config | undefined = preset === 'desktop' ? desktopConfig : undefined;
        // Each page on a machine that is not still busy with the seed's events or the last run.
        const waited = await untilQuiet();
        if (waited > 5_000) console.log(`  waited ${(waited / 1000).toFixed(0)} s for quiet`);
        const answer = await lighthouse(`${base}${path}`, flags, config);
        if (!answer) throw new Error(`lighthouse gave no answer for ${path}`);
        const lhr = answer.lhr;
        if (lhr.runtimeError) console.warn(`  ${page} (${preset}): ${lhr.runtimeError.message}`);
        // A signed-in page sends a visitor to /auth: measuring that would be measuring another page.
        if (headers && new URL(lhr.finalDisplayedUrl).pathname !== path) {
          throw new Error(`${page}: ended at ${lhr.finalDisplayedUrl}, not signed in?`);
        }
        if (REPORTS) {
          mkdirSync(REPORTS, { recursive: true });
          writeFileSync(join(REPORTS, `${page}-${preset}.json`), JSON.stringify(lhr));
        }
        runs.push({ page, preset, lhr });
        console.log(
          `  ${page} (${preset}): ${Math.round((lhr.categories.performance?.score ?? 0) * 100)}`,
        );
      }
    }

    const rows = runs.map(pageRow);
    const landing = runs.find((one) => one.page === 'landing');
    if (landing) {
      const scripts = scriptsOf(landing.lhr);
      const gzipped = (await Promise.all(scripts.map((item) => gzipBytes(item.url)))).reduce(
        (sum, bytes) => sum + bytes,
        0,
      );
      const transferred = scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
      const raw = scripts.reduce((sum, item) => sum + (item.resourceSize ?? 0), 0);
      rows.push({
        name: 'web landing initial JS',
        metrics: {
          scripts: scripts.length,
          'gzip kB': gzipped / 1000,
          'transferred kB': transferred / 1000,
          'uncompressed kB': raw / 1000,
        },
        target: `gzip ≤ ${TARGETS.initialJsKb} kB`,
        pass: gzipped / 1000 <= TARGETS.initialJsKb,
      });
    }
    return rows;
  } finally {
    if (chromium) await stopProcess(chromium, 'SIGTERM', 5_000);
    await stopProcess(launcher, 'SIGINT', 20_000);
    await deleteRunStreams(eventsPrefix).catch(() => undefined);
    await dropDatabase(ADMIN_URL, database);
    await dropRoles(
      ADMIN_URL,
      ROLES.map((role) => `${rolePrefix}${role}`),
    );
    rmSync(work, { recursive: true, force: true });
  }
}
