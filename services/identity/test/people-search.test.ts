import type { PersonSummary } from '@trustcircle/contracts';
import { gatewayService } from '@trustcircle/gateway';
import { identityService } from '@trustcircle/identity';
import { startStack, type TestStack } from '@trustcircle/testing';
import { Client } from 'pg';

/** `GET /api/people?search=` (issue 17): people by name or username, search that forgives. */
let stack: TestStack;
const tag = Date.now().toString(36);
const ids: Record<string, number> = {};

async function register(name: string, username: string) {
  const res = await stack.client().post('/api/register', {
    username,
    email: `${username}@example.com`,
    name,
    password: 'correct horse battery',
    confirmPassword: 'correct horse battery',
  });
  expect(res.status).toBe(201);
  ids[username] = res.body.id as number;
}

beforeAll(async () => {
  stack = await startStack({
    gateway: gatewayService,
    services: [identityService],
    env: { gateway: { REGISTER_LIMIT_PER_IP: '1000' } },
  });
  await register('Zoë Müller-Łukasz', `zoe_${tag}`);
  await register('Chidi Okafor', `chidi_${tag}`);
  await register('Ada Quenby', `quenby1_${tag}`);
  await register('Bo Quenby', `quenby2_${tag}`);
  await register('Cy Quenby', `quenby3_${tag}`);
}, 60_000);

afterAll(async () => {
  await stack?.stop();
});

async function people(search: string, extra = '') {
  const res = await stack.client().get(`/api/people?search=${encodeURIComponent(search)}${extra}`);
  expect(res.status).toBe(200);
  return res.body as PersonSummary[];
}
const names = async (search: string) => (await people(search)).map((p) => p.name);

describe('GET /api/people', () => {
  it('finds by name or username, accents and case ignored, any order, the last word a prefix', async () => {
    expect(await names('zoe muller')).toEqual(['Zoë Müller-Łukasz']);
    expect(await names('LUKASZ zo')).toEqual(['Zoë Müller-Łukasz']);
    expect(await names('okafor ch')).toEqual(['Chidi Okafor']);
    expect(await names(`chidi_${tag}`)).toEqual(['Chidi Okafor']);
    expect(await names('okafor zoe')).toEqual([]);
  });

  it('forgives one typo per word', async () => {
    expect(await names('okafr')).toEqual(['Chidi Okafor']);
    expect(await names('chidi okfaor')).toEqual(['Chidi Okafor']);
    expect(await names('mueller')).toEqual(['Zoë Müller-Łukasz']);
  });

  it('answers only what a review shows of its author', async () => {
    const [person] = await people('okafor');
    expect(person).toEqual({
      id: ids[`chidi_${tag}`],
      name: 'Chidi Okafor',
      username: `chidi_${tag}`,
      avatar: null,
      isVerified: false,
    });
    // The address is not searchable either.
    expect(await names('example.com')).toEqual([]);
  });

  it('pages with an offset cursor and counts on the first page', async () => {
    const res = await stack.client().get('/api/people?search=quenby&limit=2&total=true');
    expect(res.headers.get('x-total-count')).toBe('3');
    const cursor = res.headers.get('x-next-cursor')!;
    const next = await people('quenby', `&limit=2&cursor=${encodeURIComponent(cursor)}`);
    expect([...res.body, ...next].map((p: PersonSummary) => p.name).sort()).toEqual([
      'Ada Quenby',
      'Bo Quenby',
      'Cy Quenby',
    ]);
  });

  it('needs the text, and refuses a bad limit, with the field named', async () => {
    for (const [query, path] of [
      ['', 'search'],
      ['?search=%20%20', 'search'],
      ['?search=ok&limit=0', 'limit'],
      [`?search=${'x'.repeat(201)}`, 'search'],
    ]) {
      const res = await stack.client().get(`/api/people${query}`);
      expect([query, res.status, res.body.issues?.[0]?.path]).toEqual([query, 400, path]);
    }
  });

  it("forgets a deleted account's words unless someone else still has them", async () => {
    const admin = new Client({ connectionString: stack.db.adminUrl });
    await admin.connect();
    try {
      const words = async () =>
        (await admin.query<{ word: string }>('select word from identity.search_words')).rows.map(
          (r) => r.word,
        );
      expect(await words()).toEqual(expect.arrayContaining(['zoe', 'lukasz', 'quenby']));
      await admin.query('delete from identity.users where id = any($1)', [
        [ids[`zoe_${tag}`], ids[`quenby1_${tag}`]],
      ]);
      const left = await words();
      expect(left).not.toContain('lukasz');
      expect(left).toContain('quenby');
      const variants = await admin.query(
        "select 1 from identity.search_word_variants where word = 'lukasz'",
      );
      expect(variants.rowCount).toBe(0);
      expect(await names('zoe')).toEqual([]);
    } finally {
      await admin.end();
    }
  });
});
