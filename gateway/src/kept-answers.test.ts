import type { Request } from 'express';
import { CHANGED_PARTS_HEADER } from '@trustcircle/service-kit';
import {
  KEPT_READ_SERVICES,
  KeptAnswers,
  keptReadOf,
  type KeptAnswer,
  type Keyed,
} from './kept-answers';
import { changingTap } from './kept-answers-taps';

const answer = (text: string, status = 200): KeptAnswer => ({
  status,
  headers: { 'content-type': 'application/json' },
  body: Buffer.from(text),
});

const request = (url: string, extra: Partial<Request> = {}, headers: Record<string, string> = {}) =>
  ({
    method: 'GET',
    originalUrl: url,
    headers: { host: 'example.test', ...headers },
    ...extra,
  }) as unknown as Request;

const member = (userId: number, roles = ['member']) =>
  ({ tcSession: { userId, roles } }) as unknown as Partial<Request>;

function listening(options: { ttlMs?: number; maxBytes?: number } = {}) {
  const kept = new KeptAnswers({
    maxBytes: options.maxBytes ?? 1e6,
    ttlMs: options.ttlMs ?? 60_000,
  });
  kept.listen();
  return kept;
}

/** `key` as a caller's own read of `services` (or `scope` of them), its order moving with age. */
const keyedAs = (key: string, services: readonly string[], scope: string | null = null): Keyed => ({
  key,
  services,
  scope,
  everyone: false,
  ageless: false,
});

/** Begins a load of `key` that is kept: its key was loaded once before. */
function secondLoad(kept: KeptAnswers, key: string, services: readonly string[]) {
  kept.begin(keyedAs(key, services));
  return kept.begin(keyedAs(key, services))!;
}

/** Loads `req` a second time as the proxy does: begin, then keep what the service answered. */
function load(kept: KeptAnswers, req: Request, text: string, between?: () => void) {
  const keyed = kept.keyOf(req, req.originalUrl.split('?')[0]!)!;
  expect(kept.find(keyed.key)).toBeUndefined();
  const keeping = secondLoad(kept, keyed.key, keyed.services);
  between?.();
  kept.keep(keeping, answer(text));
  return keyed.key;
}

const unscoped = (service: string, ageless = false) => ({
  services: [service],
  scope: null,
  ageless,
});

/** Keeps `key`'s answer (its own name), of reviews' `scope`, as its second load would. */
function keepOfReviews(kept: KeptAnswers, key: string, scope: string | null) {
  kept.begin(keyedAs(key, ['reviews'], scope));
  kept.keep(kept.begin(keyedAs(key, ['reviews'], scope))!, answer(key));
}

describe('keptReadOf', () => {
  it('keeps reads only of the services that announce their writes', () => {
    // identity and social set `announcesChanges: false`: a kept read of theirs would never end.
    expect([...KEPT_READ_SERVICES].sort()).toEqual(['catalog', 'communities', 'reviews']);
  });

  it('names the services of the hot reads and nothing else', () => {
    expect(keptReadOf('/api/groups/user')).toEqual(unscoped('communities'));
    expect(keptReadOf('/api/groups/12')).toEqual(unscoped('communities'));
    expect(keptReadOf('/api/groups/12/reviews')).toEqual(unscoped('reviews', true));
    expect(keptReadOf('/api/reviews/feed')).toEqual(unscoped('reviews', true));
    // The browse list, but not catalog's search on the same path (kept there by time).
    expect(keptReadOf('/api/businesses')).toEqual(unscoped('catalog'));
    expect(
      keptReadOf('/api/businesses/', '/api/businesses/?category=Restaurants&cursor=abc&total=1'),
    ).toEqual(unscoped('catalog'));
    for (const query of ['search=pizza', 'category=Cafes&search=', 'limit=5&se%61rch=bread']) {
      expect([query, keptReadOf('/api/businesses', `/api/businesses?${query}`)]).toEqual([
        query,
        undefined,
      ]);
    }
    for (const path of [
      // The composed page keeps its halves instead (callKeyOf).
      '/api/businesses/7',
      '/api/businesses/trending',
      '/api/reviews/7',
      '/api/reviews/user/summary',
      '/api/notifications',
      '/api/user',
      '/api/groups/12/members/check',
    ]) {
      expect([path, keptReadOf(path)]).toEqual([path, undefined]);
    }
  });

  it("scopes a business's reviews to its business, when its id is one a row can have", () => {
    expect(keptReadOf('/api/businesses/42/reviews')).toEqual({
      services: ['reviews'],
      scope: 'business:42',
      ageless: true,
    });
    // Not the id reviews reads (7): its notices would never name this one.
    expect(keptReadOf('/api/businesses/007/reviews')).toEqual(unscoped('reviews', true));
    expect(keptReadOf('/api/businesses/abc/reviews')).toEqual(unscoped('reviews', true));
  });

  it('tells lists whose order never moves with age from those whose order does', () => {
    const ageless = (url: string) => keptReadOf(url.split('?')[0]!, url)?.ageless;
    expect(ageless('/api/groups/3/reviews?sort=newest&stars=4,5')).toBe(true);
    expect(ageless('/api/users/ann/reviews?sort=highest')).toBe(true);
    expect(ageless('/api/businesses/42/reviews?cursor=abc')).toBe(true);
    expect(ageless('/api/reviews/feed')).toBe(true);
    // "Relevant" falls with a review's age; the rest are ranked by time or not lists of reviews.
    expect(ageless('/api/groups/3/reviews?sort=relevant')).toBe(false);
    expect(ageless('/api/businesses/42/reviews?stars=5&sort=relevant')).toBe(false);
    expect(ageless('/api/groups')).toBe(false);
    expect(ageless('/api/groups/user')).toBe(false);
    expect(ageless('/api/businesses?category=Cafes')).toBe(false);
  });
});

describe('KeptAnswers', () => {
  it('serves a kept answer until its service changes', () => {
    const kept = listening();
    const key = load(kept, request('/api/groups/user', member(1)), '[1]');
    expect(kept.find(key)?.body.toString()).toBe('[1]');
    kept.changed('reviews');
    expect(kept.find(key)?.body.toString()).toBe('[1]');
    kept.changed('communities');
    expect(kept.find(key)).toBeUndefined();
  });

  it('keeps an answer of one part through changes to other parts, and ends it with its own', () => {
    const kept = listening();
    const keep = (key: string, scope: string | null) => keepOfReviews(kept, key, scope);
    const held = () => ['one', 'two', 'any'].filter((key) => kept.find(key));
    keep('one', 'business:1');
    keep('two', 'business:2');
    keep('any', null);
    kept.changed('catalog', 'business:1');
    expect(held()).toEqual(['one', 'two', 'any']);
    // A part's change ends that part, and every answer of no one part.
    kept.changed('reviews', 'business:2');
    expect(held()).toEqual(['one']);
    keep('two', 'business:2');
    kept.changed('reviews', 'business:1');
    expect(held()).toEqual(['two']);
    // A change to the whole service ends every part.
    kept.changed('reviews');
    expect(held()).toEqual([]);
    // A load a change to its part overlapped is not kept; one to another part is.
    kept.begin(keyedAs('one', ['reviews'], 'business:1'));
    const overlapped = kept.begin(keyedAs('one', ['reviews'], 'business:1'))!;
    kept.begin(keyedAs('two', ['reviews'], 'business:2'));
    const passed = kept.begin(keyedAs('two', ['reviews'], 'business:2'))!;
    kept.changed('reviews', 'business:1');
    kept.keep(overlapped, answer('one'));
    kept.keep(passed, answer('two'));
    expect(held()).toEqual(['two']);
  });

  it('ends, as a write passes, what its answer names as changed, else all of its service', () => {
    const kept = listening();
    const keep = (key: string, scope: string | null) => keepOfReviews(kept, key, scope);
    const held = () => ['one', 'two', 'any'].filter((key) => kept.find(key));
    const write = (parts?: string, status = 200) => {
      const tap = changingTap(kept, 'reviews');
      tap.start(status, parts === undefined ? {} : { [CHANGED_PARTS_HEADER]: parts });
      tap.end();
    };
    const keepAll = () => {
      keep('one', 'business:1');
      keep('two', 'business:2');
      keep('any', null);
    };
    keepAll();
    write('none');
    expect(held()).toEqual(['one', 'two', 'any']);
    write('business:2');
    expect(held()).toEqual(['one']);
    keepAll();
    write('business:1,business:2');
    expect(held()).toEqual([]);
    // Named in no form it can trust, or not named: any part may have changed.
    for (const parts of [undefined, '', 'business:01', 'business:1;drop', 'none,business:1']) {
      keepAll();
      write(parts);
      expect([parts, held()]).toEqual([parts, []]);
    }
    // Refused, it changed nothing (its notices would say otherwise); failed, anything may have.
    for (const status of [400, 403, 404, 409, 422, 429]) {
      keepAll();
      write(undefined, status);
      expect([status, held()]).toEqual([status, ['one', 'two', 'any']]);
    }
    for (const status of [500, 503]) {
      keepAll();
      write(undefined, status);
      expect([status, held()]).toEqual([status, []]);
    }
  });

  it('keeps an answer from its key’s second load', () => {
    const kept = listening();
    const keyed = kept.keyOf(request('/api/groups/9'), '/api/groups/9')!;
    expect(kept.begin(keyedAs(keyed.key, keyed.services))).toBeUndefined();
    const keeping = kept.begin(keyedAs(keyed.key, keyed.services));
    expect(keeping).toBeDefined();
    kept.keep(keeping!, answer('{"id":9}'));
    expect(kept.find(keyed.key)?.body.toString()).toBe('{"id":9}');
  });

  it('keeps an answer that is everyone’s from its first load, a caller’s from its second', () => {
    const kept = listening();
    const visitor = kept.keyOf(request('/api/groups/9'), '/api/groups/9')!;
    const own = kept.keyOf(request('/api/groups/user', member(1)), '/api/groups/user')!;
    expect([visitor.everyone, own.everyone]).toEqual([true, false]);
    const keeping = kept.begin(visitor);
    expect(keeping).toBeDefined();
    kept.keep(keeping!, answer('{"id":9}'));
    expect(kept.find(visitor.key)?.body.toString()).toBe('{"id":9}');
    expect(kept.begin(own)).toBeUndefined();
    expect(kept.begin(own)).toBeDefined();
  });

  it('keeps an ageless answer up to its own, longer safety net', async () => {
    const kept = new KeptAnswers({ maxBytes: 1e6, ttlMs: 40, agelessTtlMs: 60_000 });
    kept.listen();
    const [list, relevant] = ['', '?sort=relevant'].map((query) => {
      const req = request(`/api/groups/4/reviews${query}`);
      const keyed = kept.keyOf(req, '/api/groups/4/reviews')!;
      kept.keep(kept.begin(keyed)!, answer('[]'));
      return keyed.key;
    });
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect([kept.find(list!), kept.find(relevant!)].map(Boolean)).toEqual([true, false]);
  });

  it('ends answers kept together at different times within the safety net', async () => {
    const kept = listening({ ttlMs: 400 });
    const keys = Array.from({ length: 40 }, (_, n) => {
      const keyed = kept.keyOf(request(`/api/groups/${n}`), `/api/groups/${n}`)!;
      kept.keep(kept.begin(keyed)!, answer('{}'));
      return keyed.key;
    });
    // Each lives 300–400 ms: at 350 ms some are gone and some are not; at 450 ms none is left.
    await new Promise((resolve) => setTimeout(resolve, 350));
    const alive = keys.filter((key) => kept.find(key)).length;
    expect(alive).toBeGreaterThan(0);
    expect(alive).toBeLessThan(keys.length);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(keys.filter((key) => kept.find(key))).toEqual([]);
  });

  it('remembers keys asked once within a bound on their length', () => {
    const kept = listening();
    const long = (n: number) => `/api/groups/${n}?q=${'x'.repeat(16_000)}`;
    expect(kept.begin(keyedAs(long(0), ['communities']))).toBeUndefined();
    expect(kept.begin(keyedAs(long(0), ['communities']))).toBeDefined();
    // 4 MB of keys: the oldest are forgotten, so a flood of long URLs cannot grow the heap.
    for (let n = 1; n <= 300; n += 1) kept.begin(keyedAs(long(n), ['communities']));
    expect(kept.begin(keyedAs(long(0), ['communities']))).toBeUndefined();
    expect(kept.begin(keyedAs(long(300), ['communities']))).toBeDefined();
  });

  it('does not keep a load that a write overlapped', () => {
    const kept = listening();
    const key = load(kept, request('/api/reviews/feed', member(1)), '[]', () =>
      kept.changed('reviews'),
    );
    expect(kept.find(key)).toBeUndefined();
  });

  it('keys by caller, roles, host, encoding and URL; leaves conditional, no-cache and non-GET requests', () => {
    const kept = listening();
    const keyOf = (req: Request) => kept.keyOf(req, '/api/groups/user')?.key;
    const one = keyOf(request('/api/groups/user', member(1)));
    expect(
      new Set([
        one,
        keyOf(request('/api/groups/user', member(2))),
        keyOf(request('/api/groups/user', member(1, ['member', 'moderator']))),
        keyOf(request('/api/groups/user')),
        keyOf(request('/api/groups/user?limit=5', member(1))),
        keyOf(request('/api/groups/user', member(1), { host: 'other.test' })),
        keyOf(request('/api/groups/user', member(1), { 'accept-encoding': 'gzip' })),
      ]).size,
    ).toBe(7);
    expect(
      keyOf(request('/api/groups/user', member(1), { 'if-none-match': 'W/"x"' })),
    ).toBeUndefined();
    expect(
      keyOf(request('/api/groups/user', member(1), { 'cache-control': 'no-cache' })),
    ).toBeUndefined();
    expect(keyOf(request('/api/groups/user', { ...member(1), method: 'HEAD' }))).toBeUndefined();
  });

  it('keys the gateway’s own calls by caller, or for everyone when made without the token', () => {
    const kept = listening();
    const call = (who: Partial<Request>, caller: boolean) =>
      kept.callKeyOf(request('/api/businesses/3', who), '/api/businesses/3', 'catalog', caller);
    expect(call(member(1), false)).toEqual(call(member(2), false));
    expect(call(member(1), false)).toEqual(call({}, false));
    expect(call(member(1), true)!.key).not.toBe(call(member(2), true)!.key);
    expect(call(member(1), true)!.services).toEqual(['catalog']);
    expect(
      [call(member(1), false), call(member(1), true), call({}, true)].map((c) => c!.everyone),
    ).toEqual([true, false, true]);
    const noCache = request('/api/businesses/3', member(1), { 'cache-control': 'no-cache' });
    expect(kept.callKeyOf(noCache, '/api/businesses/3', 'catalog', false)).toBeUndefined();
    kept.lost();
    expect(call(member(1), true)).toBeUndefined();
  });

  it('keeps a visitor’s composed page whole, of its business, and no member’s', () => {
    const kept = listening();
    const page = (who: Partial<Request>, id = '3', headers: Record<string, string> = {}) =>
      kept.composedKeyOf(
        request(`/api/businesses/${id}`, { path: `/api/businesses/${id}`, ...who }, headers),
        id,
      );
    expect(page({})).toMatchObject({ services: ['catalog', 'reviews'], scope: 'business:3' });
    expect(page({}, '007')).toMatchObject({ scope: null });
    expect(page(member(1))).toBeUndefined();
    expect(page({}, '3', { 'if-none-match': 'W/"x"' })).toBeUndefined();
    expect(page({ method: 'HEAD' })).toBeUndefined();
  });

  it('tallies answers served and requests made to services, once each', () => {
    const kept = listening();
    const whole = kept.composedKeyOf(
      request('/api/businesses/3', { path: '/api/businesses/3' }),
      '3',
    )!;
    const halves = ['catalog', 'reviews'].map((service) => `call\n-\n${service}\n/3`);
    // A visitor's first read: the whole page and both halves missed; two requests made.
    expect(kept.find(whole.key, false)).toBeUndefined();
    for (const half of halves) expect(kept.find(half)).toBeUndefined();
    expect([kept.served, kept.loaded]).toEqual([0, 2]);
    // The halves kept: the page composed from them, two served; the whole page's miss no load.
    for (const half of halves) {
      kept.keep(secondLoad(kept, half, [half.split('\n')[2]!]), answer('{}'));
    }
    expect(kept.find(whole.key, false)).toBeUndefined();
    for (const half of halves) expect(kept.find(half)).toBeDefined();
    expect([kept.served, kept.loaded]).toEqual([2, 2]);
    // The whole page kept: one lookup answers it.
    kept.keep(secondLoad(kept, whole.key, whole.services), answer('{}'));
    expect(kept.find(whole.key, false)).toBeDefined();
    expect([kept.served, kept.loaded]).toEqual([3, 2]);
  });

  it('keeps only whole 200s, and nothing while it cannot hear changes', () => {
    const kept = listening();
    const keyed = kept.keyOf(request('/api/groups/5'), '/api/groups/5')!;
    kept.keep(secondLoad(kept, keyed.key, keyed.services), answer('{"message":"no"}', 404));
    expect(kept.find(keyed.key)).toBeUndefined();

    const key = load(kept, request('/api/groups/5'), '{"id":5}');
    kept.lost();
    expect(kept.find(key)).toBeUndefined();
    expect(kept.keyOf(request('/api/groups/5'), '/api/groups/5')).toBeUndefined();
    // Back, from an empty cache; a load begun before the loss is not kept.
    const keeping = secondLoad(kept, key, ['communities']);
    kept.listen();
    kept.keep(keeping, answer('{"id":5}'));
    expect(kept.find(key)).toBeUndefined();
  });

  it('forgets answers after their time and beyond its size', async () => {
    const kept = listening({ ttlMs: 20 });
    const key = load(kept, request('/api/groups/6'), '{"id":6}');
    expect(kept.find(key)).toBeDefined();
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(kept.find(key)).toBeUndefined();

    const small = listening({ maxBytes: 2000 });
    const first = load(small, request('/api/groups/7'), 'x'.repeat(900));
    load(small, request('/api/groups/8'), 'x'.repeat(900));
    expect(small.find(first)).toBeUndefined();
  });
});
