/**
 * The platform the chaos run breaks: its own PostgreSQL and NATS in a temporary directory (never
 * the machine's, which others use), every deployable under the launcher's supervisor, a second
 * gateway replica, and a balancer in front of the two gateways.
 */
import { createWriteStream, chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '@trustcircle/testing';
import { present, type Deployable } from '../../scripts/launcher/deployables.ts';
import {
  portOpen,
  startPrivateNats,
  startPrivatePostgres,
  type ManagedInfra,
} from '../../scripts/launcher/infra.ts';
import {
  platformSpecs,
  provisionPlatform,
  type PlatformSettings,
} from '../../scripts/launcher/platform.ts';
import { Supervisor, type ProcessSpec } from '../../scripts/launcher/supervisor.ts';
import { Balancer } from './balancer.ts';

const HOST = '127.0.0.1';
/** How long a SIGTERMed gateway keeps serving with /readyz at 503 (k8s: preStop). */
const GATEWAY_DRAIN_MS = 2000;

export interface ClusterOptions {
  root: string;
  say: (line: string) => void;
  /** More environment for every process (OTEL_EXPORTER_OTLP_ENDPOINT, LOG_LEVEL …). */
  env?: Record<string, string>;
}

async function answers(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(500) });
    await res.body?.cancel();
    return res.ok;
  } catch {
    return false;
  }
}

export class Cluster {
  readonly dir = mkdtempSync(path.join(tmpdir(), 'tc-chaos-'));
  readonly logFile = path.join(this.dir, 'processes.log');
  readonly specs: ProcessSpec[] = [];
  /** The admin URL of the TrustCircle database (every schema). */
  databaseUrl = '';
  balancer: Balancer | null = null;
  private supervisor: Supervisor | null = null;
  private postgres: ManagedInfra | null = null;
  private nats: ManagedInfra | null = null;
  private pgPort = 0;
  private natsPort = 0;

  constructor(private readonly options: ClusterOptions) {
    // Postgres runs as the `postgres` user when we are root: it must reach its data directory.
    chmodSync(this.dir, 0o755);
  }

  get baseUrl(): string {
    return this.balancer!.url;
  }

  /** Names of the processes a kill scenario takes down, in start order. */
  get processNames(): string[] {
    return this.specs.map((spec) => spec.name);
  }

  async start(): Promise<void> {
    const { say, root } = this.options;
    this.pgPort = await freePort();
    this.natsPort = await freePort();
    await this.startPostgres();
    await this.startNats();
    this.databaseUrl = `postgres://postgres@${HOST}:${this.pgPort}/trustcircle`;

    const deployables = present(root);
    const ports = new Map<string, number>();
    for (const d of deployables) ports.set(d.name, await freePort());
    const opsPorts = [await freePort(), await freePort()];
    const frontendOps = new Map<string, number>();
    for (const d of deployables)
      if (d.kind === 'frontend') frontendOps.set(d.name, await freePort());
    const settings: PlatformSettings = {
      root,
      dataDir: this.dir,
      databaseUrl: this.databaseUrl,
      natsUrl: `nats://${HOST}:${this.natsPort}`,
      host: HOST,
      rolePrefix: 'tc_',
      nodeEnv: 'development',
      logLevel: 'info',
      portOf: (d: Deployable) => ports.get(d.name)!,
      gatewayOpsPortOf: () => opsPorts[0]!,
      frontendOpsPortOf: (d: Deployable) => frontendOps.get(d.name)!,
      gatewayEnv: {
        REGISTER_LIMIT_PER_IP: '100000',
        LOGIN_LIMIT_PER_IP: '100000',
        LIMITS_SCALE: '1000',
        TRUST_PROXY: '',
      },
      commonEnv: { SHUTDOWN_DRAIN_MS: String(GATEWAY_DRAIN_MS), ...this.options.env },
    };
    const { passwords } = await provisionPlatform(settings, deployables);
    const specs = platformSpecs(settings, deployables, passwords);
    const gateway = specs.find((spec) => spec.name === 'gateway')!;
    // The second replica: same configuration, its own ports (k8s: replicas: 2).
    const replicaPort = await freePort();
    specs.push({
      ...gateway,
      name: 'gateway-2',
      env: { ...gateway.env, PORT: String(replicaPort), OPS_PORT: String(opsPorts[1]) },
      healthUrl: `http://${HOST}:${opsPorts[1]}/healthz`,
    });
    this.specs.push(...specs);

    const log = createWriteStream(this.logFile, { flags: 'a' });
    this.supervisor = new Supervisor(specs, {
      say: (line) => {
        log.write(`${new Date().toISOString()} ${line}\n`);
        say(line);
      },
      write: (line) => log.write(`${line}\n`),
    });
    this.supervisor.start();
    const notUp = await this.supervisor.waitHealthy(120_000);
    if (notUp.length) throw new Error(`${notUp.join(', ')} did not start (see ${this.logFile})`);

    const gatewayUrls = ['gateway', 'gateway-2'].map((name) => {
      const spec = specs.find((s) => s.name === name)!;
      return {
        url: `http://${HOST}:${spec.env.PORT}`,
        readyUrl: spec.healthUrl.replace(/\/healthz$/, '/readyz'),
      };
    });
    this.balancer = new Balancer(gatewayUrls);
    await this.balancer.start();
    say(`platform up: ${specs.length} processes, balancer at ${this.balancer.url}`);
  }

  private spec(name: string): ProcessSpec {
    const spec = this.specs.find((s) => s.name === name);
    if (!spec) throw new Error(`no process ${name}`);
    return spec;
  }

  pid(name: string): number {
    const pid = this.supervisor?.pid(name);
    if (!pid) throw new Error(`${name} is not running`);
    return pid;
  }

  /** Sends `signal` to the process; the supervisor restarts it as it would any exit. */
  signal(name: string, signal: NodeJS.Signals): number {
    const pid = this.pid(name);
    process.kill(pid, signal);
    return pid;
  }

  /** Waits until `name` runs as a process other than `oldPid` and answers its health URL. */
  async waitBack(name: string, oldPid: number, timeoutMs = 60_000): Promise<number> {
    const started = Date.now();
    while (Date.now() - started < timeoutMs) {
      const pid = this.supervisor?.pid(name);
      if (pid && pid !== oldPid && (await answers(this.spec(name).healthUrl))) {
        return Date.now() - started;
      }
      await sleep(50);
    }
    throw new Error(`${name} was not back within ${timeoutMs / 1000} s`);
  }

  async startPostgres(): Promise<void> {
    const result = await startPrivatePostgres(this.dir, this.pgPort, () => undefined);
    if (typeof result === 'string') throw new Error(result);
    this.postgres = result;
  }

  async stopPostgres(): Promise<void> {
    await this.postgres?.stop();
    this.postgres = null;
  }

  async startNats(): Promise<void> {
    const result = await startPrivateNats(this.dir, HOST, this.natsPort, () => undefined);
    if (typeof result === 'string') throw new Error(result);
    this.nats = result;
  }

  async stopNats(): Promise<void> {
    await this.nats?.stop();
    this.nats = null;
    for (let i = 0; i < 100 && (await portOpen(HOST, this.natsPort, 200)); i += 1) await sleep(100);
  }

  async stop(keepFiles: boolean): Promise<void> {
    await this.balancer?.stop();
    await this.supervisor?.stop(5000);
    await this.stopNats();
    await this.stopPostgres();
    if (!keepFiles) rmSync(this.dir, { recursive: true, force: true });
  }
}
