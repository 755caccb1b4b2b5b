/**
 * Issue 21: the alert rules and the Grafana dashboard refer only to metrics the platform serves.
 * promtool checks the prod overlay's PrometheusRule and runs its unit tests (the consumer-lag
 * alert firing when a consumer stops); then Prometheus (Debian's package) scrapes the platform
 * running as real processes (test/chaos/cluster.ts) and every metric an alert or a panel uses must
 * be in what it scraped.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort, TestClient } from '@trustcircle/testing';
import type { Cluster } from '../chaos/cluster.ts';
import { root, startPlatform } from './platform.ts';
import { metricNames } from './promql.ts';
import { parse } from 'yaml';
import { alertRules, PLAIN_RULES } from '../../scripts/monitoring/alert-rules.ts';

jest.setTimeout(240_000);

const monitoring = path.join(root, 'k8s/overlays/prod/monitoring');
const dir = mkdtempSync(path.join(tmpdir(), 'tc-prometheus-'));

const ruleFile = alertRules();
const dashboard = JSON.parse(
  readFileSync(path.join(monitoring, 'grafana-dashboard.json'), 'utf8'),
) as { panels: { targets?: { expr: string }[] }[] };

const ruleExprs = ruleFile.groups.flatMap((group) => group.rules.map((rule) => rule.expr));
const panelExprs = dashboard.panels.flatMap((panel) => (panel.targets ?? []).map((t) => t.expr));

function promtool(...args: string[]) {
  const result = spawnSync('promtool', args, { cwd: dir, encoding: 'utf8' });
  if (result.error)
    throw new Error(`promtool: ${result.error.message} (apt-get install prometheus)`);
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('alert rules', () => {
  beforeAll(() => {
    writeFileSync(path.join(dir, 'rules.yml'), JSON.stringify(ruleFile));
    copyFileSync(
      path.join(monitoring, 'prometheus-rule.test.yml'),
      path.join(dir, 'prometheus-rule.test.yml'),
    );
  });

  test('pass promtool check rules', () => {
    const { status, output } = promtool('check', 'rules', 'rules.yml');
    expect([status, output]).toEqual([0, expect.stringContaining('SUCCESS')]);
  });

  test('pass their unit tests: consumer lag fires when a consumer stops applying', () => {
    const tests = readFileSync(path.join(dir, 'prometheus-rule.test.yml'), 'utf8');
    expect(tests).toContain('alertname: TrustCircleConsumerLag');
    const { status, output } = promtool('test', 'rules', 'prometheus-rule.test.yml');
    expect([status, output]).toEqual([0, expect.stringContaining('SUCCESS')]);
  });

  test('are what the compose Prometheus loads too (deploy/alert-rules.yml, its config checked)', () => {
    // Out of step: `npm run alert-rules` writes the file again.
    expect(parse(readFileSync(PLAIN_RULES, 'utf8'))).toEqual(ruleFile);
    const { status, output } = promtool(
      'check',
      'config',
      path.join(root, 'deploy/prometheus.yml'),
    );
    expect([status, output]).toEqual([0, expect.stringContaining('SUCCESS: 1 rule files found')]);
  });

  test('cover error rate, p99, outbox age, consumer lag and restarts', () => {
    const used = metricNames(ruleExprs);
    for (const name of [
      'http_requests_total',
      'http_request_duration_seconds_bucket',
      'events_outbox_oldest_age_seconds',
      'events_consumer_pending',
      'process_start_time_seconds',
    ]) {
      expect(used).toContain(name);
    }
  });
});

describe('a live scrape', () => {
  let cluster: Cluster | null = null;
  let prometheus: ChildProcess | null = null;
  let promUrl = '';

  beforeAll(async () => {
    // Traffic that makes every kind of series exist: requests, events published and applied
    // by every consumer, a security event.
    const platform = await startPlatform();
    cluster = platform.cluster;
    await platform.review('Scraped by Prometheus: every series the alerts and the dashboard use.');
    await new TestClient(cluster.baseUrl).post('/api/login', {
      username: 'nobody-here',
      password: 'not the password at all',
    });

    const targets = cluster.specs
      .filter((spec) => !['shell', 'groups-mfe', 'business-mfe'].includes(spec.name))
      .map((spec) => new URL(spec.healthUrl).host);
    const port = await freePort();
    promUrl = `http://127.0.0.1:${port}`;
    const config = {
      global: { scrape_interval: '1s', evaluation_interval: '1s' },
      rule_files: ['rules.yml'],
      scrape_configs: [{ job_name: 'trustcircle', static_configs: [{ targets }] }],
    };
    writeFileSync(path.join(dir, 'prometheus.yml'), JSON.stringify(config));
    writeFileSync(path.join(dir, 'rules.yml'), JSON.stringify(ruleFile));
    mkdirSync(path.join(dir, 'data'));
    prometheus = spawn(
      'prometheus',
      [
        `--config.file=${path.join(dir, 'prometheus.yml')}`,
        `--storage.tsdb.path=${path.join(dir, 'data')}`,
        `--web.listen-address=127.0.0.1:${port}`,
      ],
      { stdio: 'ignore' },
    );
  });

  afterAll(async () => {
    prometheus?.kill('SIGTERM');
    await cluster?.stop(false);
  });

  async function scrapedNames(): Promise<Set<string>> {
    try {
      const res = await fetch(`${promUrl}/api/v1/label/__name__/values`);
      return new Set(((await res.json()) as { data: string[] }).data);
    } catch {
      return new Set();
    }
  }

  test('holds every metric the alert rules and the dashboard use', async () => {
    const wanted = metricNames([...ruleExprs, ...panelExprs]);
    expect(wanted.length).toBeGreaterThan(10);
    let missing = wanted;
    for (let waited = 0; waited < 30_000 && missing.length > 0; waited += 500) {
      await sleep(500);
      const names = await scrapedNames();
      missing = wanted.filter((name) => !names.has(name));
    }
    expect(missing).toEqual([]);
  });

  test('scrapes every backend process, each labelled with its service', async () => {
    // Two gateway replicas and five services, every one answering.
    let up: string[] = [];
    for (let waited = 0; waited < 15_000; waited += 500) {
      const res = await fetch(`${promUrl}/api/v1/query?query=${encodeURIComponent('up')}`);
      const body = (await res.json()) as { data: { result: { value: [number, string] }[] } };
      up = body.data.result.map((series) => series.value[1]);
      if (up.length === 7 && up.every((value) => value === '1')) break;
      await sleep(500);
    }
    expect(up).toEqual(['1', '1', '1', '1', '1', '1', '1']);
    const services = await fetch(`${promUrl}/api/v1/label/service/values`);
    expect(((await services.json()) as { data: string[] }).data.sort()).toEqual([
      'catalog',
      'communities',
      'gateway',
      'identity',
      'reviews',
      'social',
    ]);
  });

  test('evaluates every alert rule on the live series without an error', async () => {
    type Group = { rules: { name: string; health: string; lastError?: string }[] };
    let rules: Group['rules'] = [];
    for (let waited = 0; waited < 15_000; waited += 500) {
      const res = await fetch(`${promUrl}/api/v1/rules`);
      const body = (await res.json()) as { data: { groups: Group[] } };
      rules = body.data.groups.flatMap((group) => group.rules);
      if (rules.length > 0 && rules.every((rule) => rule.health !== 'unknown')) break;
      await sleep(500);
    }
    const alerts = ruleFile.groups.flatMap((group) => group.rules).filter((rule) => rule.alert);
    expect(rules.map((rule) => rule.name).sort()).toEqual(alerts.map((rule) => rule.alert).sort());
    expect(rules.filter((rule) => rule.health !== 'ok')).toEqual([]);
  });
});
