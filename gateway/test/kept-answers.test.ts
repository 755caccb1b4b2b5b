import { catalogService } from '@trustcircle/catalog';
import { communitiesService } from '@trustcircle/communities';
import { gatewayService } from '@trustcircle/gateway';
import { identityService } from '@trustcircle/identity';
import { reviewsService } from '@trustcircle/reviews';
import { CHANGE_CHANNEL, parseChangeNotice } from '@trustcircle/service-kit';
import { startStack, waitFor, type TestClient, type TestStack } from '@trustcircle/testing';
import { Client } from 'pg';
import { signUp } from './support';

/**
 * The gateway answers hot reads from memory while their services announce no write (issue 20,
 * kept-answers.ts). A write made behind every trigger's back (`session_replication_role =
 * replica`, what no service does) shows what is served from memory; an announced one must end
 * it.
 */
let stack: TestStack;
let admin: Client;
/** Hears what the gateway hears: each service's announced writes (to any part), by schema. */
let notices: Client;
const heard = new Map<string, number>();

beforeAll(async () => {
  stack = await startStack({
    gateway: gatewayService,
    services: [identityService, communitiesService, reviewsService, catalogService],
  });
  admin = new Client({ connectionString: stack.db.adminUrl });
  await admin.connect();
  notices = new Client({ connectionString: stack.db.adminUrl, application_name: 'test-notices' });
  await notices.connect();
  notices.on('notification', ({ payload = '' }) => {
    const { service } = parseChangeNotice(payload);
    heard.set(service, (heard.get(service) ?? 0) + 1);
  });
  await notices.query(`listen ${CHANGE_CHANNEL}`);
}, 60_000);

afterAll(async () => {
  await notices?.end();
  await admin?.end();
  await stack?.stop();
});

/** How many writes `schema` has announced, counting every one committed before this call. */
async function announced(schema: string): Promise<number> {
  // A notice is delivered before the answer to the listener's next statement.
  await notices.query('select 1');
  return heard.get(schema) ?? 0;
}

/**
 * Runs `round` (its assertions) until one run overlaps no write announced by `schema`. Events
 * of this and earlier tests still land in the services for a moment, and each such write
 * rightly drops kept answers; a round that failed while none was announced fails the test.
 * A write committed just before a round is counted here at once but heard by the gateway, on
 * its own connection, a moment later (a load it overlaps is not kept): the round waits for it.
 */
async function inQuiet(schema: string, round: () => Promise<void>): Promise<void> {
  await waitFor(
    async () => {
      const before = await announced(schema);
      await new Promise((resolve) => setTimeout(resolve, 100));
      try {
        await round();
      } catch (error) {
        if ((await announced(schema)) === before) throw error;
        return false;
      }
      return (await announced(schema)) === before;
    },
    { what: `a round in which ${schema} announced no write` },
  );
}

/** A write no trigger sees: nothing is announced. */
async function unannounced(sql: string, values: unknown[]): Promise<void> {
  await admin.query('begin');
  await admin.query('set local session_replication_role = replica');
  await admin.query(sql, values);
  await admin.query('commit');
}

async function newGroup(owner: TestClient, name: string): Promise<number> {
  const created = await owner.post('/api/groups', {
    name,
    description: 'A group for the kept answers test',
  });
  expect(created.status).toBe(201);
  return (created.body as { id: number }).id;
}

/** A business created through the gateway by a new member. */
async function newBusiness(prefix: string) {
  const member = stack.client();
  await signUp(member);
  const name = `${prefix} ${Date.now().toString(36)}`;
  const created = await member.post('/api/businesses', { name, category: 'Education' });
  expect(created.status).toBe(201);
  return { member, name, id: (created.body as { id: number }).id };
}

const groupNames = async (client: TestClient) => {
  const res = await client.get('/api/groups/user');
  expect(res.status).toBe(200);
  return (res.body as { name: string }[]).map((group) => group.name);
};

const listener = () =>
  admin.query<{ pid: number }>(
    `select pid from pg_stat_activity
      where datname = current_database() and query ilike 'listen tc_changed%'
        and application_name <> 'test-notices' and usename like '%\\_gateway'`,
  );

describe('kept answers', () => {
  it('keeps a member’s read until its service announces a write', async () => {
    const member = stack.client();
    await signUp(member);
    const tag = Date.now().toString(36);
    const id = await newGroup(member, `Kept ${tag}`);
    // The name last written behind the triggers' back: never the one stored before.
    let quiet = `Kept ${tag}`;
    await inQuiet('communities', async () => {
      // Kept from its second load on.
      const shown = await groupNames(member);
      expect(await groupNames(member)).toEqual(shown);
      quiet = quiet === `Quiet ${tag}` ? `Again ${tag}` : `Quiet ${tag}`;
      await unannounced('update communities.groups set name = $1 where id = $2', [quiet, id]);
      expect(await groupNames(member)).toEqual(shown);
    });

    // Any committed write to communities' tables, here one that changes nothing visible.
    await admin.query('update communities.groups set updated_at = updated_at where id = $1', [id]);
    await waitFor(async () => (await groupNames(member))[0] === quiet);
  });

  it('shows a write through the gateway to the next read, whoever reads', async () => {
    const owner = stack.client();
    const joiner = stack.client();
    await signUp(owner);
    await signUp(joiner);
    const id = await newGroup(owner, `Joined ${Date.now().toString(36)}`);
    const count = async () =>
      ((await owner.get(`/api/groups/${id}`)).body as { memberCount: number }).memberCount;
    expect(await count()).toBe(1);
    expect(await count()).toBe(1);
    expect((await joiner.post(`/api/groups/${id}/join`, {})).status).toBe(200);
    // No wait: the join's answer left the gateway after it dropped communities' answers.
    expect(await count()).toBe(2);
    expect(await groupNames(joiner)).toEqual([expect.stringMatching(/^Joined /)]);
  });

  it('shows what it served and holds in its metrics', async () => {
    const metrics = await (await fetch(`${stack.running.get('gateway')!.opsUrl}/metrics`)).text();
    const value = (name: string, outcome?: string) => {
      const line = metrics
        .split('\n')
        .find((l) => l.startsWith(`${name}{`) && (!outcome || l.includes(`outcome="${outcome}"`)));
      return Number(line?.split(' ').at(-1) ?? Number.NaN);
    };
    // The tests above read kept answers and loaded others.
    expect(value('gateway_kept_answer_reads_total', 'served')).toBeGreaterThan(0);
    expect(value('gateway_kept_answer_reads_total', 'loaded')).toBeGreaterThan(0);
    expect(value('gateway_kept_answers')).toBeGreaterThan(0);
    expect(value('gateway_kept_answers_bytes')).toBeGreaterThan(0);
  });

  it('never gives one caller’s answer to another', async () => {
    const first = stack.client();
    const second = stack.client();
    await signUp(first);
    await signUp(second);
    await newGroup(first, `First's ${Date.now().toString(36)}`);
    expect(await groupNames(first)).toHaveLength(1);
    expect(await groupNames(second)).toEqual([]);
    expect((await stack.client().get('/api/groups/user')).status).toBe(401);
  });

  it('keeps the business half of the composed page for everyone until its business changes', async () => {
    const { member, name, id } = await newBusiness('Kept Bakery');
    const other = await newBusiness('Other Bakery');
    const pageName = async (client = stack.client(), business = id) => {
      const res = await client.get(`/api/businesses/${business}`);
      expect(res.status).toBe(200);
      return (res.body as { name: string; reviewsUnavailable: boolean }).name;
    };
    expect(await pageName()).toBe(name);
    let round = 0;
    let shown = name;
    await inQuiet('catalog', async () => {
      shown = await pageName();
      round += 1;
      await unannounced('update catalog.businesses set name = $1 where id = $2', [
        `Quiet ${round}`,
        id,
      ]);
      expect(await pageName()).toBe(shown);
      // Asked as a visitor, the business is everyone's: a member is answered the kept copy.
      expect(await pageName(member)).toBe(shown);
      // Reviews' writes end only the reviews half.
      await admin.query(
        'update reviews.users set name = name where id = (select max(id) from reviews.users)',
      );
      expect(await pageName()).toBe(shown);
    });
    // A write to another business is announced for it alone: once the gateway has heard it
    // (that business's page shows it), this business's kept copy is still the one served.
    await pageName(stack.client(), other.id);
    await pageName(stack.client(), other.id);
    // Its own words reordered: a new word would be a write to catalog's search words too.
    const renamed = other.name.split(' ').reverse().join(' ');
    await unannounced('update catalog.businesses set name = $1 where id = $2', [renamed, other.id]);
    expect(await pageName(stack.client(), other.id)).toBe(other.name);
    await admin.query('update catalog.businesses set name = name where id = $1', [other.id]);
    await waitFor(async () => (await pageName(stack.client(), other.id)) === renamed);
    expect(await pageName(member)).toBe(shown);
    // A write to this business ends its copy.
    await admin.query('update catalog.businesses set name = name where id = $1', [id]);
    await waitFor(async () => (await pageName(member)) === `Quiet ${round}`);
  });

  it('keeps a visitor’s composed page whole, one lookup a read, until its business changes', async () => {
    const { name, id } = await newBusiness('Whole Bakery');
    const visitor = stack.client();
    const page = async () => {
      const res = await visitor.get(`/api/businesses/${id}`);
      expect(res.status).toBe(200);
      return res;
    };
    const reads = async () => {
      const metrics = await (await fetch(`${stack.running.get('gateway')!.opsUrl}/metrics`)).text();
      const count = (outcome: string) =>
        Number(
          metrics
            .split('\n')
            .find((l) => l.startsWith('gateway_kept_answer_reads_total{') && l.includes(outcome))
            ?.split(' ')
            .at(-1) ?? Number.NaN,
        );
      return [count('"served"'), count('"loaded"')];
    };
    const quiet = async (round: () => Promise<void>) =>
      inQuiet('catalog', () => inQuiet('reviews', round));
    let etag = '';
    await quiet(async () => {
      await page();
      etag = (await page()).headers.get('etag') ?? ''; // kept from its second load
      const [served, loaded] = await reads();
      const kept = await page();
      // Answered by one lookup: neither half was looked up.
      expect((await reads()).map((n, i) => n - [served, loaded][i]!)).toEqual([1, 0]);
      expect({ etag: kept.headers.get('etag'), name: kept.body.name }).toEqual({ etag, name });
    });
    expect(etag).toMatch(/^W\//);
    await quiet(async () => {
      await page();
      await unannounced('update catalog.businesses set name = $1 where id = $2', [
        `Whole renamed ${id}`,
        id,
      ]);
      expect((await page()).body.name).toBe(name);
    });
    await admin.query('update catalog.businesses set name = name where id = $1', [id]);
    await waitFor(async () => (await page()).body.name === `Whole renamed ${id}`);
  });

  it('keeps catalog’s browse list until catalog announces a write', async () => {
    const { id } = await newBusiness('Kept Listing');
    const listed = async () => {
      const res = await stack.client().get('/api/businesses?category=Education&limit=100');
      expect(res.status).toBe(200);
      return (res.body as { id: number; name: string }[]).find((item) => item.id === id)?.name;
    };
    // Kept from its second load on.
    expect(await listed()).toBeDefined();
    let round = 0;
    await inQuiet('catalog', async () => {
      const shown = await listed();
      round += 1;
      await unannounced('update catalog.businesses set name = $1 where id = $2', [
        `Quiet listing ${round}`,
        id,
      ]);
      expect(await listed()).toBe(shown);
    });
    // Any announced write to catalog ends the list, whatever business it is of.
    await admin.query('update catalog.categories set name = name where name = $1', ['Education']);
    await waitFor(async () => (await listed()) === `Quiet listing ${round}`);
  });

  it('serves nothing from memory while it cannot hear the services', async () => {
    const member = stack.client();
    await signUp(member);
    const tag = Date.now().toString(36);
    const id = await newGroup(member, `Deaf ${tag}`);
    expect(await groupNames(member)).toEqual([`Deaf ${tag}`]);
    const { rows } = await listener();
    expect(rows).toHaveLength(1);
    await admin.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
    await unannounced('update communities.groups set name = $1 where id = $2', [
      `Heard ${tag}`,
      id,
    ]);
    await waitFor(async () => (await groupNames(member))[0] === `Heard ${tag}`);

    // Listening again (a second later), it keeps answers again.
    await waitFor(async () => (await listener()).rows.length === 1, { timeoutMs: 10_000 });
    await waitFor(async () => {
      const before = (await groupNames(member))[0];
      const next = before === `Heard ${tag}` ? `Again ${tag}` : `Heard ${tag}`;
      await unannounced('update communities.groups set name = $1 where id = $2', [next, id]);
      return (await groupNames(member))[0] === before;
    });
  });
});
