import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import { catalogService } from '@trustcircle/catalog';
import { communitiesService } from '@trustcircle/communities';
import { gatewayService } from '@trustcircle/gateway';
import { identityService } from '@trustcircle/identity';
import { reviewsService } from '@trustcircle/reviews';
import { socialService } from '@trustcircle/social';
import { createDb, type Knex } from '@trustcircle/service-kit';
import { eventually, startStack, type TestResponse, type TestStack } from '@trustcircle/testing';
import fc from 'fast-check';
import { z } from 'zod';
import { signUp } from '../gateway/test/support';
import { applyGrant, parseGrantArgs } from '../services/identity/src/operator/grant';
import {
  hostileRequests,
  operationCount,
  type HostileRequest,
  type KnownIds,
  type Sender,
} from './support/hostile-requests';
import { settledSnapshot, snapshotDifference } from './support/db-snapshot';

/**
 * Issue 16: generated hostile requests for every operation of the OpenAPI document, through
 * the real gateway and all five services, signed in and anonymous. No answer may be a 5xx;
 * every error is the design §5 body; and requests built to be refused change nothing.
 * `HOSTILE_SEED=<n>` replays a run; `HOSTILE_RUNS=<n>` changes its size (per phase).
 */
const seed = Number(process.env.HOSTILE_SEED ?? Date.now() % 2 ** 31);
const runsPerPhase = Number(process.env.HOSTILE_RUNS ?? 2_600);
const CONCURRENCY = 8;

/** Exactly the design §5 error body: a message, and field issues if any. */
const ErrorBody = z.strictObject({
  message: z.string().min(1),
  issues: z.array(z.strictObject({ path: z.string(), message: z.string().min(1) })).optional(),
});

interface Answer {
  status: number;
  contentType: string;
  text: string;
}

let stack: TestStack;
let admin: Knex;
let ids: KnownIds;
const cookies = new Map<Sender, () => Promise<string | undefined>>();
// Idle sockets are dropped well before the gateway's keep-alive timeout closes them, so a
// request never races a closing connection.
const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY, timeout: 20_000 });

/** A write that may meet a projection still on its way (409/503 + Retry-After): try again. */
async function created(send: () => Promise<TestResponse>): Promise<number> {
  const res = await eventually(send, (answer) => answer.status === 201, { timeoutMs: 5000 });
  if (res.status !== 201) throw new Error(`seed write answered ${res.status} ${res.text}`);
  return res.body.id as number;
}

/** A gateway session of its own for `userId` (a sign-in or sign-out may end it). */
async function throwawaySession(userId: number): Promise<string> {
  const id = randomBytes(32).toString('base64url');
  await admin.raw(
    `insert into gateway.sessions (id_hash, user_id, idle_expires_at, absolute_expires_at)
     values (?, ?, now() + interval '1 day', now() + interval '1 day')`,
    [createHash('sha256').update(id).digest('hex'), userId],
  );
  return id;
}

beforeAll(async () => {
  stack = await startStack({
    gateway: gatewayService,
    services: [identityService, communitiesService, catalogService, reviewsService, socialService],
    env: {
      // The limits would answer 429 to most of this load and hide the answers under test.
      gateway: {
        LIMITS_SCALE: '100000',
        REGISTER_LIMIT_PER_IP: '100000',
        LOGIN_LIMIT_PER_IP: '100000',
      },
    },
  });
  admin = createDb({ url: stack.db.adminUrl, schema: 'public', poolMax: 2 });

  const member = { client: stack.client() };
  const memberId = (await signUp(member.client)).user.id;
  const moderator = { client: stack.client() };
  const moderatorName = (await signUp(moderator.client)).form.username;
  const identityDb = createDb({ url: stack.db.adminUrl, schema: 'identity', poolMax: 1 });
  const gatewayDb = createDb({ url: stack.db.adminUrl, schema: 'gateway', poolMax: 1 });
  try {
    await applyGrant(
      { identity: identityDb, gateway: gatewayDb },
      parseGrantArgs(['moderator', moderatorName]),
      {
        settleMs: 0,
      },
    );
  } finally {
    await identityDb.destroy();
    await gatewayDb.destroy();
  }
  const groupId = await created(() =>
    member.client.post('/api/groups', {
      name: `Hostile ${randomBytes(3).toString('hex')}`,
      description: 'A group to aim hostile requests at.',
    }),
  );
  const businessId = await created(() =>
    member.client.post('/api/businesses', {
      name: `Target ${randomBytes(3).toString('hex')}`,
      category: 'Restaurants',
    }),
  );
  const reviewId = await created(() =>
    member.client.post('/api/reviews', {
      businessId,
      rating: 4,
      content: 'A review for hostile requests to aim at.',
      groupIds: [groupId],
      photos: [],
    }),
  );
  ids = { groupId, businessId, reviewId };

  const memberCookie = member.client.cookies.get('tc_session');
  const moderatorCookie = moderator.client.cookies.get('tc_session');
  cookies.set('member', async () => memberCookie);
  cookies.set('moderator', async () => moderatorCookie);
  cookies.set('anonymous', async () => undefined);
  cookies.set('forged', async () => randomBytes(32).toString('base64url'));
  cookies.set('throwaway', () => throwawaySession(memberId));
  // Accounts of their own, signed up before any snapshot: a deletion with the right password
  // ends one of them, not the member (taken in turn; a deleted one's cookie is then a 401).
  const leavers: (string | undefined)[] = [];
  for (let i = 0; i < 24; i += 1) {
    const client = stack.client();
    await signUp(client);
    leavers.push(client.cookies.get('tc_session'));
  }
  let nextLeaver = 0;
  cookies.set('leaver', async () => leavers[(nextLeaver += 1) % leavers.length]);
}, 120_000);

afterAll(async () => {
  agent.destroy();
  await admin?.destroy();
  await stack?.stop();
});

/** One request on the keep-alive agent, exactly as generated (no client-side re-encoding). */
async function send(request: HostileRequest): Promise<Answer> {
  const headers: Record<string, string | number> = { ...request.headers };
  const cookie = await cookies.get(request.sender)!();
  if (cookie) headers.cookie = `tc_session=${cookie}`;
  if (request.body) headers['content-length'] = request.body.length;
  const url = new URL(stack.gatewayUrl);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        method: request.method,
        path: request.path,
        headers,
        agent,
      },
      (res) => {
        const contentType = String(res.headers['content-type'] ?? '');
        // The notification stream never ends: its status and type are the answer.
        if (res.statusCode === 200 && contentType.startsWith('text/event-stream')) {
          req.destroy();
          resolve({ status: 200, contentType, text: '' });
          return;
        }
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            contentType,
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    // The server may answer (413, 431) and close before reading everything: that answer counts.
    // (After the stream's destroy() the promise is settled: a late error changes nothing.)
    req.on('error', reject);
    req.end(request.body);
  });
}

/** What is wrong with an answer, if anything. */
function problemWith(request: HostileRequest, answer: Answer): string | null {
  if (answer.status >= 500) return `answered ${answer.status}`;
  if (request.refusable && request.method !== 'GET' && answer.status < 400) {
    return `a request built to be refused was accepted (${answer.status})`;
  }
  if (answer.status < 400) return null;
  if (!answer.contentType.startsWith('application/json'))
    return `error with type "${answer.contentType}"`;
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    return 'error body is not JSON';
  }
  return ErrorBody.safeParse(body).success ? null : 'error body is not { message, issues? }';
}

interface RunSummary {
  sent: number;
  byStatus: Record<number, number>;
  operations: Set<string>;
  failures: string[];
}

async function run(requests: HostileRequest[]): Promise<RunSummary> {
  const summary: RunSummary = { sent: 0, byStatus: {}, operations: new Set(), failures: [] };
  let next = 0;
  const worker = async () => {
    while (next < requests.length) {
      const request = requests[next++]!;
      let answer: Answer;
      try {
        answer = await send(request);
      } catch (error) {
        answer = { status: 0, contentType: '', text: (error as Error).message };
      }
      summary.sent += 1;
      summary.byStatus[answer.status] = (summary.byStatus[answer.status] ?? 0) + 1;
      summary.operations.add(request.operation);
      const problem =
        answer.status === 0 ? `no answer: ${answer.text}` : problemWith(request, answer);
      if (problem) {
        summary.failures.push(
          `${problem}: ${request.method} ${request.path.slice(0, 160)} as ${request.sender}` +
            ` [${request.headers['content-type'] ?? '-'}] body ${request.body?.subarray(0, 160).toString() ?? '-'}` +
            ` → ${answer.text.slice(0, 200)}`,
        );
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return summary;
}

/** One line per phase in the test output: how many, how long, which statuses. */
const report = (phase: string, summary: RunSummary, ms: number) =>
  process.stdout.write(
    `hostile ${phase} (seed ${seed}): ${summary.sent} requests in ${ms} ms ${JSON.stringify(summary.byStatus)}\n`,
  );

const sample = (refusable: boolean, salt: number) =>
  fc.sample(hostileRequests(ids, { refusable }), { numRuns: runsPerPhase, seed: seed + salt });

describe(`hostile input (seed ${seed})`, () => {
  const totals = { sent: 0 };

  it('never answers 5xx, and answers every error with the design §5 body', async () => {
    const started = Date.now();
    const summary = await run(sample(false, 0));
    totals.sent += summary.sent;
    report('mixed', summary, Date.now() - started);
    expect(summary.failures.slice(0, 25)).toEqual([]);
    expect(summary.operations.size).toBe(operationCount);
  }, 240_000);

  it('changes nothing in the database for requests it refuses', async () => {
    const before = await settledSnapshot(admin);
    const started = Date.now();
    const summary = await run(sample(true, 1));
    totals.sent += summary.sent;
    const elapsed = Date.now() - started;
    const after = await settledSnapshot(admin);
    report('refused', summary, elapsed);
    expect(summary.failures.slice(0, 25)).toEqual([]);
    expect(snapshotDifference(before, after)).toEqual([]);
    expect(summary.operations.size).toBe(operationCount);
  }, 240_000);

  it('sent at least 5,000 requests, and left the signed-in sessions signed in', async () => {
    expect(totals.sent).toBeGreaterThanOrEqual(5_000);
    const memberCookie = await cookies.get('member')!();
    const me = await fetch(new URL('/api/user', stack.gatewayUrl), {
      headers: { cookie: `tc_session=${memberCookie}` },
    });
    expect(me.status).toBe(200);
  });
});
