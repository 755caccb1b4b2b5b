/**
 * The faults of issue 16, each with what it must show beyond "nothing lost, nothing counted
 * twice, every counter equal to a recomputation", which every scenario must show.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Cluster } from './cluster.ts';

export interface Injected {
  /** Kill scenarios: from the kill until the process answered its health URL again. */
  backMs?: number;
  /** Infrastructure scenarios: how long the dependency was away. */
  awayMs?: number;
}

export interface Scenario {
  name: string;
  /** Seconds back a killed process may take (one replica). */
  backWithinMs?: number;
  /** Requests that may fail (5xx or no answer): 0 where replicas should hide the fault. */
  maxFailed?: number;
  inject(cluster: Cluster, say: (line: string) => void): Promise<Injected>;
}

export const BACK_WITHIN_MS = 5000;
export const NATS_AWAY_MS = 30_000;

function killScenario(name: string): Scenario {
  return {
    name: `kill -9 ${name}`,
    backWithinMs: BACK_WITHIN_MS,
    async inject(cluster) {
      const pid = cluster.signal(name, 'SIGKILL');
      return { backMs: await cluster.waitBack(name, pid) };
    },
  };
}

const natsAway: Scenario = {
  name: 'NATS away 30 s',
  async inject(cluster, say) {
    const started = Date.now();
    await cluster.stopNats();
    say(`  NATS stopped; back in ${NATS_AWAY_MS / 1000} s`);
    await sleep(NATS_AWAY_MS);
    await cluster.startNats();
    return { awayMs: Date.now() - started };
  },
};

const postgresRestart: Scenario = {
  name: 'Postgres restart',
  async inject(cluster) {
    const started = Date.now();
    await cluster.stopPostgres();
    await cluster.startPostgres();
    return { awayMs: Date.now() - started };
  },
};

/** k8s's rolling update of a two-replica Deployment: one replica at a time, the next when it is ready. */
const rollingGatewayRestart: Scenario = {
  name: 'gateway rolling restart (2 replicas)',
  maxFailed: 0,
  async inject(cluster, say) {
    for (const name of ['gateway', 'gateway-2']) {
      const pid = cluster.signal(name, 'SIGTERM');
      const backMs = await cluster.waitBack(name, pid);
      while (cluster.balancer!.readyCount < 2) await sleep(50);
      say(`  ${name} replaced in ${(backMs / 1000).toFixed(1)} s`);
    }
    return {};
  },
};

export function allScenarios(processes: string[]): Scenario[] {
  return [...processes.map(killScenario), natsAway, postgresRestart, rollingGatewayRestart];
}
