import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { dropDatabase, dropRoles } from '@trustcircle/service-kit';
import {
  deleteEventStreams,
  freePort,
  TEST_ADMIN_URL,
  TEST_NATS_URL,
  TestClient,
  uniqueEventsPrefix,
} from '@trustcircle/testing';

const root = path.resolve(__dirname, '..');

/** The pid of the launcher's child whose command line mentions `workspace`. */
function childPid(parent: number, workspace: string): number {
  const rows = execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(parent)], {
    encoding: 'utf8',
  });
  const row = rows.split('\n').find((line) => line.includes(`/${workspace}/`));
  if (!row) throw new Error(`no ${workspace} process under ${parent}:\n${rows}`);
  return Number(row.trim().split(/\s+/)[0]);
}

async function answers(url: string, timeoutMs = 500): Promise<boolean> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(timeoutMs) })).ok;
  } catch {
    return false;
  }
}

/**
 * `npm start` end to end, the way a developer runs it: own database, own ports, then the curl
 * journey of the foundation issue through the gateway, a service killed with SIGKILL and
 * restarted, then Ctrl-C.
 */
describe('npm start', () => {
  const id = randomBytes(4).toString('hex');
  const database = `tc_launch_${id}`;
  const prefix = `tcl_${id}_`;
  // Its own streams on the machine's NATS, deleted afterwards (pitfalls.md).
  const eventsPrefix = uniqueEventsPrefix();
  let launcher: ChildProcess | undefined;
  let output = '';

  afterAll(async () => {
    if (launcher && launcher.exitCode === null) launcher.kill('SIGKILL');
    await dropDatabase(TEST_ADMIN_URL, database);
    await dropRoles(TEST_ADMIN_URL, [`${prefix}gateway`, `${prefix}identity`]);
    await deleteEventStreams(TEST_NATS_URL, eventsPrefix);
  });

  it('brings the stack up, serves the session journey, restarts a killed service, and stops on SIGINT', async () => {
    const gatewayPort = await freePort();
    const gatewayOpsPort = await freePort();
    const identityPort = await freePort();
    const adminUrl = new URL(TEST_ADMIN_URL);
    adminUrl.pathname = `/${database}`;
    launcher = spawn(process.execPath, [path.join(root, 'scripts/start.ts')], {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: adminUrl.toString(),
        DATABASE_ROLE_PREFIX: prefix,
        GATEWAY_PORT: String(gatewayPort),
        GATEWAY_OPS_PORT: String(gatewayOpsPort),
        IDENTITY_PORT: String(identityPort),
        PUBLIC_URL: `http://localhost:${gatewayPort}`,
        TC_ONLY: 'identity,gateway',
        SEED: 'false',
        EVENTS_PREFIX: eventsPrefix,
        TC_DATA_DIR: mkdtempSync(path.join(tmpdir(), 'tc-launch-')),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    launcher.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    launcher.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));

    const banner = `TrustCircle is running at http://localhost:${gatewayPort}`;
    const deadline = Date.now() + 60_000;
    while (!output.includes(banner)) {
      if (launcher.exitCode !== null) throw new Error(`launcher exited early:\n${output}`);
      if (Date.now() > deadline) throw new Error(`launcher did not come up:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(output).toMatch(/^identity +\| /m);
    expect(output).toMatch(/^gateway +\| /m);
    // The mail catcher (maildev) and its inbox, on free ports when 1025/1080 are taken.
    const inbox = /Mail it sends \(resets, confirmations\): (http:\/\/localhost:\d+\/)/.exec(
      output,
    );
    expect(inbox).not.toBeNull();

    const client = new TestClient(`http://localhost:${gatewayPort}`);
    const register = await client.post('/api/register', {
      username: `launch_${id}`,
      email: `launch_${id}@example.com`,
      name: 'Launch Tester',
      password: 'correct horse battery',
      confirmPassword: 'correct horse battery',
    });
    expect(register.status).toBe(201);
    // identity mails the confirmation link over SMTP to the catcher, whose inbox shows it.
    const inboxApi = new URL('api/email', inbox![1]).toString();
    const deadlineMail = Date.now() + 15_000;
    let mails: { subject: string; to: { address: string }[] }[] = [];
    while (!mails.some((m) => m.to.some((to) => to.address === `launch_${id}@example.com`))) {
      if (Date.now() > deadlineMail) throw new Error(`no mail in the catcher:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
      mails = (await (await fetch(inboxApi)).json()) as typeof mails;
    }
    expect(mails.at(-1)?.subject).toBe('Confirm your email address for TrustCircle');
    expect((await client.get('/api/user')).status).toBe(200);
    expect((await client.post('/api/logout')).status).toBe(200);
    expect((await client.get('/api/user')).status).toBe(401);

    // kill -9 of one service: restarted with backoff and logged; the gateway keeps serving.
    // Back in about 2 s on an idle machine; the bound leaves room for a busy CI machine, where
    // a service's own start takes longer (supervisor.test.ts holds the restart itself to 5 s).
    const identityPid = childPid(launcher.pid!, 'services/identity');
    process.kill(identityPid, 'SIGKILL');
    const killedAt = Date.now();
    while (!(await answers(`http://127.0.0.1:${identityPort}/healthz`))) {
      if (Date.now() - killedAt > 15_000) throw new Error(`identity not back in 15 s:\n${output}`);
      // Given 2 s: a CI machine running two test workers beside the whole stack answered a
      // healthy gateway later than 500 ms once (stop 30).
      expect(await answers(`http://127.0.0.1:${gatewayOpsPort}/healthz`, 2000)).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(childPid(launcher.pid!, 'services/identity')).not.toBe(identityPid);
    expect(output).toContain('✖ identity exited (signal SIGKILL)');
    expect(output).toMatch(/↻ identity restarted \(pid \d+\)/);
    const again = await client.post('/api/login', {
      username: `launch_${id}`,
      password: 'correct horse battery',
    });
    expect(again.status).toBe(200);

    const exited = new Promise<number | null>((resolve) => launcher!.once('exit', resolve));
    launcher.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(output).toContain('stopping');
    expect(output.slice(output.indexOf('stopping'))).not.toMatch(/restarted|exited \(/);
  }, 90_000);
});
