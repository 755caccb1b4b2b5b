import type { TestStack } from '@trustcircle/testing';
import { Client } from 'pg';
import { signedInClient, startCommunitiesStack } from './support';

/**
 * Joins and leaves race on one group row. The counter is kept in the membership's own
 * transaction (insert ... on conflict do nothing returning, then +1 only when inserted), so
 * it must equal the memberships exactly. Tokens are minted as the gateway would and the
 * service is called directly, so the race is not throttled by the gateway's session layer.
 */
let stack: TestStack;
let groupId: number;

beforeAll(async () => {
  stack = await startCommunitiesStack();
  const { client } = await signedInClient(stack);
  const res = await client.post('/api/groups', {
    name: 'Crowded Group',
    description: 'Everybody joins this one at the same time.',
  });
  groupId = res.body.id;
  // The creator leaves, so the count is exactly the racing users.
  expect((await client.post(`/api/groups/${groupId}/leave`)).body.memberCount).toBe(0);
}, 60_000);

afterAll(async () => {
  await stack?.stop();
});

function call(method: string, path: string, userId: number) {
  return fetch(`${stack.urlOf('communities')}${path}`, {
    method,
    headers: { authorization: `Bearer ${stack.tokenFor(userId)}` },
  });
}

async function countRows(sql: string, params: unknown[]): Promise<number> {
  const client = new Client({ connectionString: stack.db.adminUrl });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows[0].n;
  } finally {
    await client.end();
  }
}

const group = async () => await (await fetch(`${stack.gatewayUrl}/api/groups/${groupId}`)).json();

it('100 different users joining at once leave memberCount at exactly 100', async () => {
  const users = Array.from({ length: 100 }, (_, i) => 10_000 + i);
  const answers = await Promise.all(
    users.map((u) => call('POST', `/api/groups/${groupId}/join`, u)),
  );
  expect(answers.every((res) => res.status === 200)).toBe(true);
  expect((await group()).memberCount).toBe(100);
  expect(
    await countRows(
      'select count(*)::int as n from communities.group_members where group_id = $1',
      [groupId],
    ),
  ).toBe(100);
});

it('100 joins at once by one user leave one membership', async () => {
  const answers = await Promise.all(
    Array.from({ length: 100 }, () => call('POST', `/api/groups/${groupId}/join`, 777)),
  );
  expect(answers.every((res) => res.status === 200)).toBe(true);
  expect(
    await countRows(
      'select count(*)::int as n from communities.group_members where group_id = $1 and user_id = 777',
      [groupId],
    ),
  ).toBe(1);
  expect((await group()).memberCount).toBe(101);
});

it('racing leaves and joins keep the counter equal to the memberships', async () => {
  const calls = Array.from({ length: 100 }, (_, i) =>
    call('POST', `/api/groups/${groupId}/${i % 3 === 0 ? 'join' : 'leave'}`, 10_000 + (i % 50)),
  );
  expect((await Promise.all(calls)).every((res) => res.status === 200)).toBe(true);
  const members = await countRows(
    'select count(*)::int as n from communities.group_members where group_id = $1',
    [groupId],
  );
  expect((await group()).memberCount).toBe(members);
});
