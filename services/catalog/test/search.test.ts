import type { TestClient, TestStack } from '@trustcircle/testing';
import { catalogStack } from './support/stack';

/** Search that forgives (issue 17) and the counts Explore shows, through the gateway. */
let stack: TestStack;
let member: TestClient;

async function createBusiness(fields: Record<string, unknown>) {
  const res = await member.post('/api/businesses', { description: 'A place in town', ...fields });
  expect(res.status).toBe(201);
  return res.body as { id: number; name: string };
}

beforeAll(async () => {
  ({ stack, member } = await catalogStack('search'));
  for (const [name, category, description] of [
    ['Luigi Trattoria', 'Restaurants', 'Handmade pasta and wood-fired pizza'],
    ['Volt Gadgets', 'Electronics', 'Phones, laptops and repairs'],
    ['Serenity Day Spa', 'Beauty & Spa', 'Massages and facials'],
    ['Müller Automotive', 'Automotive', 'Brakes, tyres and inspections'],
    ['Okafor Education', 'Education', 'Tutoring for every age'],
    ['Quokka Motors 1', 'Automotive', 'Used cars'],
    ['Quokka Motors 2', 'Automotive', 'Used cars'],
    ['Quokka Motors 3', 'Automotive', 'Used cars'],
  ]) {
    await createBusiness({ name, category, description });
  }
}, 60_000);

afterAll(async () => {
  await stack?.stop();
});

const names = async (query: string) => {
  const res = await stack.client().get(`/api/businesses?search=${encodeURIComponent(query)}`);
  expect(res.status).toBe(200);
  return res.body.map((b: { name: string }) => b.name) as string[];
};

describe('search', () => {
  it('finds by name, description word, category and with a typo', async () => {
    expect((await names('trattoria'))[0]).toBe('Luigi Trattoria');
    expect(await names('laptops')).toContain('Volt Gadgets');
    expect(await names('electronics')).toContain('Volt Gadgets');
    expect(await names('resturant')).toContain('Luigi Trattoria');
    expect(await names('masages')).toContain('Serenity Day Spa');
  });

  it('forgives one typo per word: a changed, missing, extra or swapped letter', async () => {
    expect(await names('mullar')).toContain('Müller Automotive');
    expect(await names('okafr education')).toContain('Okafor Education');
    expect(await names('okaffor tutoring')).toContain('Okafor Education');
    expect(await names('serenity masasges')).toContain('Serenity Day Spa');
    // Two words, each with its typo.
    expect(await names('mullar automotve')).toContain('Müller Automotive');
  });

  it('ignores accents and case, takes words in any order, the last one as a prefix', async () => {
    expect(await names('muller')).toContain('Müller Automotive');
    expect(await names('MÜLLER automotive')).toContain('Müller Automotive');
    expect(await names('okafor edu')).toContain('Okafor Education');
    expect(await names('education oka')).toContain('Okafor Education');
    expect(await names('serenity spa ma')).toContain('Serenity Day Spa');
    // Every word must match: a second word no business has leaves nothing.
    expect(await names('okafor pizza')).toEqual([]);
  });

  it('matches the last word as typed so far, whatever its length (suggestions as you type)', async () => {
    const typed = 'okafor education';
    for (let end = 'okafor e'.length; end <= typed.length; end += 1) {
      expect([typed.slice(0, end), await names(typed.slice(0, end))]).toEqual([
        typed.slice(0, end),
        ['Okafor Education'],
      ]);
    }
    expect(await names('automoti')).toContain('Müller Automotive');
  });

  it('is safe with any input and combines with a category', async () => {
    for (const query of ["'; drop table businesses; --", '!!&|():*', '%_\\', '"unterminated']) {
      const res = await stack.client().get(`/api/businesses?search=${encodeURIComponent(query)}`);
      expect(res.status).toBe(200);
      expect(Array.isArray(res.body)).toBe(true);
    }
    expect(await names('pizza')).toContain('Luigi Trattoria');
    const other = await stack.client().get('/api/businesses?search=pizza&category=Electronics');
    expect(other.body).toEqual([]);
  });

  it('pages ranked results with an opaque cursor', async () => {
    const client = stack.client();
    const first = await client.get('/api/businesses?search=quokka&limit=2');
    expect(first.body).toHaveLength(2);
    const cursor = first.headers.get('x-next-cursor');
    expect(cursor).toBeTruthy();
    const second = await client.get(
      `/api/businesses?search=quokka&limit=2&cursor=${encodeURIComponent(cursor!)}`,
    );
    expect(second.status).toBe(200);
    const all = [...first.body, ...second.body].map((b: { name: string }) => b.name).sort();
    expect(all).toEqual(['Quokka Motors 1', 'Quokka Motors 2', 'Quokka Motors 3']);
    expect(second.headers.get('x-next-cursor')).toBeNull();
  });
});

describe('X-Total-Count (?total=true)', () => {
  const total = async (query: string) => {
    const res = await stack.client().get(`/api/businesses?${query}`);
    expect(res.status).toBe(200);
    return res.headers.get('x-total-count');
  };

  it('counts the whole list, a category and a search on the first page only', async () => {
    expect(await total('total=true&limit=1')).toBe('8');
    expect(await total('category=automotive&total=true&limit=1')).toBe('4');
    expect(await total('search=quokka&total=true&limit=1')).toBe('3');
    expect(await total('search=nothing-like-it&total=true')).toBe('0');
    expect(await total('category=Spaceships&total=true')).toBe('0');
    // Not asked for, or a later page: no count.
    expect(await total('limit=1')).toBeNull();
    const first = await stack.client().get('/api/businesses?search=quokka&limit=1&total=true');
    const cursor = encodeURIComponent(first.headers.get('x-next-cursor')!);
    expect(await total(`search=quokka&limit=1&total=true&cursor=${cursor}`)).toBeNull();
  });

  it('refuses a total flag that is not true or false', async () => {
    const res = await stack.client().get('/api/businesses?total=yes');
    expect(res.status).toBe(400);
    expect(res.body.issues[0]).toEqual({ path: 'total', message: 'total must be true or false' });
  });
});

describe('answers reused for seconds (SEARCH_CACHE_SECONDS)', () => {
  it('answers a reused search as it answered the first: items, cursor, count and type', async () => {
    const url = '/api/businesses?search=quokka&limit=2&total=true';
    const first = await stack.client().get(url);
    const again = await stack.client().get(url);
    for (const res of [first, again]) {
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(res.headers.get('x-total-count')).toBe('3');
    }
    expect(again.body).toEqual(first.body);
    expect(first.body).toHaveLength(2);
    expect(again.headers.get('x-next-cursor')).toBe(first.headers.get('x-next-cursor'));
    // Its validator, hashed once with it: the same on every answer (Express answers a match 304).
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^W\/"/);
    expect(again.headers.get('etag')).toBe(etag);
    // A signed-in answer no cache keeps carries none.
    const mine = await member.get(url);
    expect([mine.status, mine.headers.get('cache-control')]).toEqual([200, 'no-store']);
    expect(mine.headers.get('etag')).toBeNull();
    const next = await stack
      .client()
      .get(`/api/businesses?search=quokka&limit=2&cursor=${first.headers.get('x-next-cursor')}`);
    expect(next.body.map((b: { name: string }) => b.name)).toHaveLength(1);
    expect(next.headers.get('x-next-cursor')).toBeNull();
  });

  it('still finds a business the moment it is added or renamed', async () => {
    expect(await names('zanzibar')).toEqual([]);
    const added = await createBusiness({ name: 'Zanzibar Kitchen', category: 'Restaurants' });
    expect(await names('zanzibar')).toEqual(['Zanzibar Kitchen']);
    const renamed = await member.patch(`/api/businesses/${added.id}`, { name: 'Zanzibar Grill' });
    expect(renamed.status).toBe(200);
    expect(await names('zanzibar')).toEqual(['Zanzibar Grill']);
  });
});
