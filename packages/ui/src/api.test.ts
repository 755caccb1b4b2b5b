import { ApiError, apiRequest, fetchCurrentUser, getPage, prefetchRead } from './api';

function fakeFetch(
  status: number,
  body: string,
  statusText = '',
  headers: Record<string, string> = {},
) {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  const impl = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return new Response(body || null, { status, statusText, headers });
  }) as unknown as typeof fetch;
  return { impl, calls };
}

describe('apiRequest', () => {
  it('includes credentials and sends JSON only when a body is given', async () => {
    const get = fakeFetch(200, '[1,2]');
    await expect(apiRequest('GET', '/api/groups', undefined, get.impl)).resolves.toEqual([1, 2]);
    expect(get.calls[0]!.init.credentials).toBe('include');
    expect(get.calls[0]!.init.body).toBeUndefined();
    expect((get.calls[0]!.init.headers as Record<string, string>)['Content-Type']).toBeUndefined();

    const post = fakeFetch(200, '{"ok":true}');
    await apiRequest('POST', '/api/login', { username: 'a', password: 'b' }, post.impl);
    expect(post.calls[0]!.init.body).toBe('{"username":"a","password":"b"}');
    expect((post.calls[0]!.init.headers as Record<string, string>)['Content-Type']).toBe(
      'application/json',
    );
  });

  it('answers undefined for an empty body', async () => {
    await expect(
      apiRequest('POST', '/api/logout', undefined, fakeFetch(204, '').impl),
    ).resolves.toBe(undefined);
  });

  it('turns failures into "{status}: {message}" errors', async () => {
    const failing = fakeFetch(409, '{"message":"Username already taken"}', 'Conflict');
    const error = (await apiRequest('POST', '/api/register', {}, failing.impl).catch(
      (e: unknown) => e,
    )) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(409);
    expect(error.message).toBe('409: Username already taken');
    expect(error.serverMessage).toBe('Username already taken');
  });
});

describe('fetchCurrentUser', () => {
  it('reads a 401 as signed out', async () => {
    await expect(
      fetchCurrentUser(fakeFetch(401, '{"message":"Not signed in"}').impl),
    ).resolves.toBe(null);
  });
  it('throws other failures', async () => {
    await expect(fetchCurrentUser(fakeFetch(503, '').impl)).rejects.toThrow('503: ');
  });
});

describe('getPage', () => {
  it('sends the cursor and reads the next one from X-Next-Cursor', async () => {
    const first = fakeFetch(200, '[{"id":1}]', 'OK', { 'X-Next-Cursor': 'abc' });
    await expect(getPage('/api/moderation/queue?limit=2', null, first.impl)).resolves.toEqual({
      items: [{ id: 1 }],
      nextCursor: 'abc',
    });
    expect(first.calls[0]!.url).toBe('/api/moderation/queue?limit=2');
    const last = fakeFetch(200, '[]');
    await expect(getPage('/api/moderation/log', 'abc', last.impl)).resolves.toEqual({
      items: [],
      nextCursor: null,
    });
    expect(last.calls[0]!.url).toBe('/api/moderation/log?cursor=abc');
  });
  it('throws "{status}: {message}" errors', async () => {
    const denied = fakeFetch(403, '{"message":"Only moderators can do that"}', 'Forbidden');
    await expect(getPage('/api/moderation/queue', null, denied.impl)).rejects.toThrow(
      '403: Only moderators can do that',
    );
  });
});

describe('prefetchRead', () => {
  const realFetch = globalThis.fetch;
  let started: string[];
  beforeEach(() => {
    started = [];
    globalThis.fetch = (async (url: string) => {
      started.push(url);
      return new Response(`{"from":"early","n":${started.length}}`, { status: 200 });
    }) as unknown as typeof fetch;
  });
  afterEach(() => {
    globalThis.fetch = realFetch;
    jest.useRealTimers();
  });

  it('gives its answer to the first GET of the same path, once', async () => {
    prefetchRead('/api/businesses/7');
    prefetchRead('/api/businesses/7'); // asked twice, started once
    const later = fakeFetch(200, '{"from":"later"}');
    await expect(apiRequest('GET', '/api/businesses/7', undefined, later.impl)).resolves.toEqual({
      from: 'early',
      n: 1,
    });
    await expect(apiRequest('GET', '/api/businesses/7', undefined, later.impl)).resolves.toEqual({
      from: 'later',
    });
    expect(started).toEqual(['/api/businesses/7']);
  });

  it('is not taken by another path, after a write, or once 10 s old', async () => {
    const later = fakeFetch(200, '{"from":"later"}');
    prefetchRead('/api/businesses/8');
    await expect(apiRequest('GET', '/api/businesses/9', undefined, later.impl)).resolves.toEqual({
      from: 'later',
    });
    await apiRequest('POST', '/api/login', { username: 'a', password: 'b' }, later.impl);
    await expect(apiRequest('GET', '/api/businesses/8', undefined, later.impl)).resolves.toEqual({
      from: 'later',
    });

    jest.useFakeTimers({ now: Date.now() });
    prefetchRead('/api/businesses/10');
    jest.advanceTimersByTime(10_001);
    await expect(apiRequest('GET', '/api/businesses/10', undefined, later.impl)).resolves.toEqual({
      from: 'later',
    });
  });

  it('fails the page’s read as its own fetch would', async () => {
    globalThis.fetch = (async () =>
      new Response('{"message":"Business not found"}', { status: 404 })) as unknown as typeof fetch;
    prefetchRead('/api/businesses/404');
    await expect(apiRequest('GET', '/api/businesses/404')).rejects.toMatchObject({
      status: 404,
      message: '404: Business not found',
    });
  });
});
