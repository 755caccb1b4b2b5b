import type { Group } from '@trustcircle/contracts';
import type { TestClient, TestStack } from '@trustcircle/testing';
import { signedInClient, startCommunitiesStack } from './support';

/** `/groups` and search (issue 17): forgiving search, my groups left out, true counts, paging. */
let stack: TestStack;
let owner: TestClient;
let reader: TestClient;
const made: Record<string, Group> = {};

const GROUPS: [string, string][] = [
  ['Café Crème Club', 'Espresso, croissants and the best terraces in town.'],
  ['Weekend Mechanics', 'Garages you can trust and the ones to avoid.'],
  ['Okafor Family Tutors', 'Parents sharing tutors, schools and music teachers.'],
  ['Zebra Runners A', 'Running shops and physios for the zebra crossing crowd.'],
  ['Zebra Runners B', 'Running shops and physios for the zebra crossing crowd.'],
  ['Zebra Runners C', 'Running shops and physios for the zebra crossing crowd.'],
];

beforeAll(async () => {
  stack = await startCommunitiesStack();
  owner = (await signedInClient(stack, 'Group Owner')).client;
  reader = (await signedInClient(stack, 'Group Reader')).client;
  for (const [name, description] of GROUPS) {
    const res = await owner.post('/api/groups', { name, description });
    expect(res.status).toBe(201);
    made[name] = res.body as Group;
  }
  expect(
    (await reader.post('/api/groups/join', { groupId: made['Zebra Runners B']!.id })).status,
  ).toBe(200);
}, 60_000);

afterAll(async () => {
  await stack?.stop();
});

async function names(query: string, client: TestClient = stack.client()) {
  const res = await client.get(`/api/groups?search=${encodeURIComponent(query)}`);
  expect(res.status).toBe(200);
  return (res.body as Group[]).map((g) => g.name);
}

describe('GET /api/groups?search=', () => {
  it('forgives accents, case, word order, a prefix and one typo per word', async () => {
    expect(await names('creme cafe')).toEqual(['Café Crème Club']);
    expect(await names('CAFÉ')).toEqual(['Café Crème Club']);
    expect(await names('okafor tut')).toEqual(['Okafor Family Tutors']);
    expect(await names('okafr tutors')).toEqual(['Okafor Family Tutors']);
    expect(await names('mechanisc')).toEqual(['Weekend Mechanics']);
    expect(await names('garages')).toEqual(['Weekend Mechanics']);
    expect(await names('okafor garages')).toEqual([]);
  });

  it('ranks a name match above a description match', async () => {
    const res = await owner.post('/api/groups', {
      name: 'Terrace Talk',
      description: 'Where to sit outside; no espresso snobbery here.',
    });
    expect(res.status).toBe(201);
    expect(await names('espresso')).toEqual(['Café Crème Club', 'Terrace Talk']);
    expect(await names('terrace')).toEqual(['Terrace Talk', 'Café Crème Club']);
  });

  it('is safe with any text', async () => {
    for (const text of ["'; drop table groups; --", '!!&|():*', '%_\\', '   ']) {
      const res = await stack.client().get(`/api/groups?search=${encodeURIComponent(text)}`);
      expect(res.status).toBe(200);
      expect(Array.isArray(res.body)).toBe(true);
    }
  });

  it('pages results with an offset cursor and counts them on the first page', async () => {
    const first = await stack.client().get('/api/groups?search=zebra&limit=2&total=true');
    expect(first.headers.get('x-total-count')).toBe('3');
    const cursor = first.headers.get('x-next-cursor')!;
    const second = await stack
      .client()
      .get(`/api/groups?search=zebra&limit=2&total=true&cursor=${encodeURIComponent(cursor)}`);
    expect(second.headers.get('x-total-count')).toBeNull();
    expect(second.headers.get('x-next-cursor')).toBeNull();
    const all = [...first.body, ...second.body].map((g: Group) => g.name).sort();
    expect(all).toEqual(['Zebra Runners A', 'Zebra Runners B', 'Zebra Runners C']);
  });
});

describe('joined=false and my groups', () => {
  it("leaves out the signed-in user's groups, in the list, its count and search", async () => {
    const all = await reader.get('/api/groups?total=true');
    const notMine = await reader.get('/api/groups?joined=false&total=true');
    expect(Number(notMine.headers.get('x-total-count'))).toBe(
      Number(all.headers.get('x-total-count')) - 1,
    );
    expect(notMine.body.map((g: Group) => g.name)).not.toContain('Zebra Runners B');
    expect(await names('zebra', reader)).toHaveLength(3);
    const search = await reader.get('/api/groups?search=zebra&joined=false&total=true');
    expect(search.body.map((g: Group) => g.name).sort()).toEqual([
      'Zebra Runners A',
      'Zebra Runners C',
    ]);
    expect(search.headers.get('x-total-count')).toBe('2');
    // A visitor has no groups: nothing left out.
    const visitor = await stack.client().get('/api/groups?search=zebra&joined=false');
    expect(visitor.body).toHaveLength(3);
  });

  it('searches and counts my groups', async () => {
    const mine = await owner.get('/api/groups/user?search=zebra&total=true&limit=2');
    expect(mine.status).toBe(200);
    expect(mine.headers.get('x-total-count')).toBe('3');
    expect(mine.body).toHaveLength(2);
    const none = await reader.get('/api/groups/user?search=okafor&total=true');
    expect([none.body, none.headers.get('x-total-count')]).toEqual([[], '0']);
  });

  it('refuses a bad joined or total value with the field named', async () => {
    const joined = await reader.get('/api/groups?joined=maybe');
    expect(joined.status).toBe(400);
    expect(joined.body.issues[0].path).toBe('joined');
    const total = await reader.get('/api/groups/user?total=1');
    expect(total.status).toBe(400);
    expect(total.body.issues[0]).toEqual({ path: 'total', message: 'total must be true or false' });
  });
});
