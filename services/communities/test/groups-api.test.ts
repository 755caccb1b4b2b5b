import type { Group } from '@trustcircle/contracts';
import type { TestClient, TestStack } from '@trustcircle/testing';
import { waitFor } from '@trustcircle/testing';
import { connect } from 'nats';
import { TEST_NATS_URL } from '@trustcircle/testing';
import { signedInClient, startCommunitiesStack } from './support';

let stack: TestStack;
let alice: { client: TestClient; user: { id: number; username: string; name: string } };
let bob: typeof alice;
let hikers: Group;

beforeAll(async () => {
  stack = await startCommunitiesStack();
  alice = await signedInClient(stack, 'Alice Walker');
  bob = await signedInClient(stack, 'Bob Stone');
  const res = await alice.client.post('/api/groups', {
    name: 'Weekend Hikers',
    description: 'Trails, gear shops and mountain huts we like.',
  });
  expect(res.status).toBe(201);
  hikers = res.body;
}, 60_000);

afterAll(async () => {
  await stack?.stop();
});

describe('creating a group', () => {
  it('answers 201 with the group, spec defaults, and the creator as its first member', () => {
    expect(hikers).toMatchObject({
      id: expect.any(Number),
      name: 'Weekend Hikers',
      description: 'Trails, gear shops and mountain huts we like.',
      icon: 'users',
      color: '#009688',
      creatorId: alice.user.id,
      memberCount: 1,
      reviewCount: 0,
    });
    expect(new Date(hikers.createdAt).toISOString()).toBe(hikers.createdAt);
  });

  it('keeps an icon and colour given', async () => {
    const res = await bob.client.post('/api/groups', {
      name: '  Coffee Nerds  ',
      description: 'Roasters, cafés and espresso machine repair.',
      icon: 'coffee',
      color: '#A1B2C3',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Coffee Nerds', icon: 'coffee', color: '#A1B2C3' });
  });

  it('uses the spec messages verbatim', async () => {
    const short = await alice.client.post('/api/groups', {
      name: 'ab',
      description: 'long enough',
    });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('Group name must be at least 3 characters');
    expect(short.body.issues).toEqual([
      { path: 'name', message: 'Group name must be at least 3 characters' },
    ]);

    const desc = await alice.client.post('/api/groups', {
      name: 'Fine name',
      description: 'short',
    });
    expect(desc.status).toBe(400);
    expect(desc.body.message).toBe('Description must be at least 10 characters');

    const missing = await alice.client.post('/api/groups', {});
    expect(missing.status).toBe(400);
    expect(missing.body.issues.map((i: { path: string }) => i.path)).toEqual([
      'name',
      'description',
    ]);
  });

  it('refuses a bad colour, a bad icon and over-long fields', async () => {
    const base = { name: 'Colourful', description: 'A group with a colour.' };
    for (const color of ['red', '#12345', '#GGGGGG', 12]) {
      const res = await alice.client.post('/api/groups', { ...base, color });
      expect(res.status).toBe(400);
      expect(res.body.issues[0].path).toBe('color');
    }
    const icon = await alice.client.post('/api/groups', { ...base, icon: '<script>' });
    expect(icon.status).toBe(400);
    const longName = await alice.client.post('/api/groups', { ...base, name: 'x'.repeat(61) });
    expect(longName.status).toBe(400);
    expect(longName.body.message).toBe('Group name must be at most 60 characters');
    const longDesc = await alice.client.post('/api/groups', {
      ...base,
      description: 'x'.repeat(501),
    });
    expect(longDesc.status).toBe(400);
  });

  it('answers 409 for a name taken in any letter case', async () => {
    const res = await bob.client.post('/api/groups', {
      name: 'weekend HIKERS',
      description: 'Another hiking group, same name.',
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('A group with this name already exists');
  });

  it('needs a signed-in user', async () => {
    const res = await stack.client().post('/api/groups', {
      name: 'Anonymous',
      description: 'Nobody created this one.',
    });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: expect.any(String) });
  });
});

describe('reading groups', () => {
  it('lists all groups with counts, signed out too', async () => {
    const res = await stack.client().get('/api/groups');
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    const found = res.body.find((g: Group) => g.id === hikers.id);
    expect(found).toMatchObject({ memberCount: 1, reviewCount: 0 });
  });

  it('pages with limit and X-Next-Cursor', async () => {
    const first = await stack.client().get('/api/groups?limit=1');
    expect(first.body).toHaveLength(1);
    const cursor = first.headers.get('x-next-cursor');
    expect(cursor).toBeTruthy();
    const second = await stack.client().get(`/api/groups?limit=1&cursor=${cursor}`);
    expect(second.body).toHaveLength(1);
    expect(second.body[0].id).not.toBe(first.body[0].id);
    expect(second.headers.get('x-next-cursor')).toBeNull();
    expect((await stack.client().get('/api/groups?limit=500')).status).toBe(400);
    const garbage = await stack.client().get('/api/groups?cursor=garbage');
    expect(garbage.status).toBe(400);
    expect(garbage.body.issues[0].path).toBe('cursor');
  });

  it('answers one group, signed out too', async () => {
    const res = await stack.client().get(`/api/groups/${hikers.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: hikers.id, memberCount: 1, reviewCount: 0 });
  });

  it('answers 404 JSON for unknown or malformed ids', async () => {
    for (const id of ['999999', 'abc', '0', '-1', '1.5', '99999999999']) {
      const res = await stack.client().get(`/api/groups/${id}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'Group not found' });
    }
  });

  it('shows the creator from the users projection once identity has told', async () => {
    await waitFor(
      async () => (await stack.client().get(`/api/groups/${hikers.id}`)).body.creator !== null,
      { what: 'creator projection' },
    );
    const res = await stack.client().get(`/api/groups/${hikers.id}`);
    expect(res.body.creator).toEqual({
      id: alice.user.id,
      name: 'Alice Walker',
      username: alice.user.username,
    });
  });

  it("answers the signed-in user's groups, and 401 signed out", async () => {
    expect((await stack.client().get('/api/groups/user')).status).toBe(401);
    const mine = await alice.client.get('/api/groups/user');
    expect(mine.status).toBe(200);
    expect(mine.body.map((g: Group) => g.id)).toEqual([hikers.id]);
  });

  it('checks membership, and 401 signed out', async () => {
    expect((await stack.client().get(`/api/groups/${hikers.id}/members/check`)).status).toBe(401);
    expect((await alice.client.get(`/api/groups/${hikers.id}/members/check`)).body).toEqual({
      isMember: true,
    });
    expect((await bob.client.get(`/api/groups/${hikers.id}/members/check`)).body).toEqual({
      isMember: false,
    });
  });
});

describe('joining and leaving', () => {
  it('joins and leaves in both forms, idempotently, answering the group with its counts', async () => {
    const id = hikers.id;
    const join = await bob.client.post('/api/groups/join', { groupId: id });
    expect(join.status).toBe(200);
    expect(join.body).toMatchObject({ id, memberCount: 2 });
    const again = await bob.client.post(`/api/groups/${id}/join`);
    expect(again.status).toBe(200);
    expect(again.body.memberCount).toBe(2);
    expect((await bob.client.get(`/api/groups/${id}/members/check`)).body.isMember).toBe(true);
    expect((await bob.client.get('/api/groups/user')).body.map((g: Group) => g.id)).toContain(id);

    const leave = await bob.client.post(`/api/groups/${id}/leave`);
    expect(leave.status).toBe(200);
    expect(leave.body.memberCount).toBe(1);
    const leaveAgain = await bob.client.post('/api/groups/leave', { groupId: String(id) });
    expect(leaveAgain.status).toBe(200);
    expect(leaveAgain.body.memberCount).toBe(1);
    expect((await bob.client.get(`/api/groups/${id}/members/check`)).body.isMember).toBe(false);
    expect((await stack.client().get(`/api/groups/${id}`)).body.memberCount).toBe(1);
  });

  it('answers 404 for unknown groups, 400 for a bad body, 401 signed out', async () => {
    expect((await bob.client.post('/api/groups/join', { groupId: 999999 })).status).toBe(404);
    expect((await bob.client.post('/api/groups/leave', { groupId: 999999 })).status).toBe(404);
    expect((await bob.client.post('/api/groups/999999/join')).status).toBe(404);
    expect((await bob.client.post('/api/groups/abc/leave')).status).toBe(404);
    const bad = await bob.client.post('/api/groups/join', { groupId: 'abc' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('groupId must be a group id');
    expect((await bob.client.post('/api/groups/join', {})).status).toBe(400);
    const anonymous = stack.client();
    expect((await anonymous.post('/api/groups/join', { groupId: hikers.id })).status).toBe(401);
    expect((await anonymous.post(`/api/groups/${hikers.id}/join`)).status).toBe(401);
    expect((await anonymous.post(`/api/groups/${hikers.id}/leave`)).status).toBe(401);
    expect((await anonymous.post('/api/groups/leave', { groupId: hikers.id })).status).toBe(401);
  });
});

describe('updating a group', () => {
  it('lets only the creator change it', async () => {
    const other = await bob.client.patch(`/api/groups/${hikers.id}`, { color: '#123456' });
    expect(other.status).toBe(403);
    const own = await alice.client.patch(`/api/groups/${hikers.id}`, {
      description: 'Trails, huts, and the shops that sell boots.',
    });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({
      id: hikers.id,
      name: 'Weekend Hikers',
      description: 'Trails, huts, and the shops that sell boots.',
    });
    expect((await alice.client.patch('/api/groups/999999', { color: '#123456' })).status).toBe(404);
    expect((await alice.client.patch(`/api/groups/${hikers.id}`, {})).status).toBe(400);
  });
});

describe('events', () => {
  it('publishes group and membership events through the outbox', async () => {
    const nc = await connect({ servers: TEST_NATS_URL });
    try {
      const jsm = await nc.jetstreamManager();
      const stream = `${stack.eventsPrefix.toUpperCase()}_COMMUNITIES`;
      const last = async (subject: string) => {
        const msg = await jsm.streams
          .getMessage(stream, { last_by_subj: `${stack.eventsPrefix}.${subject}` })
          .catch(() => null);
        return msg ? (msg.json() as { type: string; data: Record<string, unknown> }) : null;
      };
      await waitFor(async () => (await last('communities.member.left')) !== null, {
        what: 'member.left on the stream',
      });
      expect((await last('communities.group.created'))?.data).toMatchObject({
        name: 'Coffee Nerds',
        icon: 'coffee',
      });
      await waitFor(async () => (await last('communities.group.updated')) !== null, {
        what: 'group.updated on the stream',
      });
      expect((await last('communities.group.updated'))?.data).toMatchObject({
        id: hikers.id,
        version: 2,
      });
      expect((await last('communities.member.joined'))?.data).toMatchObject({
        groupId: hikers.id,
        userId: bob.user.id,
      });
      expect((await last('communities.member.left'))?.data).toMatchObject({
        groupId: hikers.id,
        userId: bob.user.id,
      });
    } finally {
      await nc.close();
    }
  });
});
