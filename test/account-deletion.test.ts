import { createDb, type Knex } from '@trustcircle/service-kit';
import {
  eventually,
  startMailServer,
  type MailServer,
  type TestClient,
  type TestStack,
} from '@trustcircle/testing';
import sharp from 'sharp';
import { uploadPhotos } from '../services/reviews/test/support/photos';
import { personalData } from './support/personal-data';
import { startPlatform, written } from './support/platform';
import type * as EngineModule from '../scripts/reconcile/engine.ts' with {
  'resolution-mode': 'import',
};

/**
 * Leaving (issue 19): after `DELETE /api/user`, no schema holds the member's personal data
 * (checked table by table with SQL), counts and trust scores equal a recomputation (the
 * reconciler finds no drift), and the export taken before held every review, vote and
 * membership.
 */
type Engine = typeof EngineModule;
const PASSWORD = 'correct horse battery';

let engine: Engine;
let stack: TestStack;
let smtp: MailServer;
let admin: Knex;
let personal: ReturnType<typeof personalData>;

beforeAll(async () => {
  engine = await import('../scripts/reconcile/engine.ts');
  smtp = await startMailServer();
  stack = await startPlatform({
    identity: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://trustcircle.test' },
  });
  admin = createDb({ url: stack.db.adminUrl, schema: 'public', poolMax: 2 });
  personal = personalData(admin);
}, 90_000);

afterAll(async () => {
  await admin?.destroy();
  await stack?.stop();
  await smtp?.close();
});

interface Member {
  client: TestClient;
  id: number;
  username: string;
  email: string;
  name: string;
}

let seq = 0;
async function register(): Promise<Member> {
  const client = stack.client();
  seq += 1;
  const username = `leaver${seq}x${Date.now() % 1_000_000}`;
  const form = {
    username,
    email: `${username}@example.com`,
    name: `Distinct Name ${username}`,
    password: PASSWORD,
    confirmPassword: PASSWORD,
  };
  const body = await written(() => client.post('/api/register', form));
  await smtp.nextMail(form.email); // the confirmation link: delivered, so out of the mail queue
  return { client, id: body.id as number, username, email: form.email, name: form.name };
}

const reviewBody = (
  businessId: number,
  groupIds: number[],
  rating: number,
  photos: string[] = [],
) => ({
  businessId,
  rating,
  content: 'Kind people, honest prices and a quiet corner to read in.',
  pros: 'Quiet',
  cons: 'Small',
  groupIds,
  photos,
});

async function photoOf(member: Member): Promise<string> {
  const png = await sharp({
    create: { width: 20, height: 10, channels: 3, background: { r: 10, g: 120, b: 200 } },
  })
    .png()
    .toBuffer();
  const res = await uploadPhotos(stack.gatewayUrl, member.client, [['a.png', 'image/png', png]]);
  expect(res.status).toBe(201);
  return (res.body as { url: string }[])[0]!.url;
}

type Report = Awaited<ReturnType<Engine['reconcile']>>;
/** Drift keys per check, only checks with drift. */
const driftOf = (report: Report) =>
  Object.fromEntries(
    report.results
      .filter((r) => r.drift.length)
      .map((r) => [r.name, r.drift.map((d) => `${d.key} ${d.detail}`)]),
  );

const reconcileClean = () =>
  eventually(
    () => engine.reconcile({ databaseUrl: stack.db.adminUrl, settleSeconds: 0 }),
    (report) => report.drifted === 0,
    { timeoutMs: 20_000, intervalMs: 250 },
  );

describe('leaving TrustCircle', () => {
  it('exports everything first; deleting removes or anonymises it everywhere, with no drift', async () => {
    const [owner, leaver, keeper, other] = [
      await register(),
      await register(),
      await register(),
      await register(),
    ];
    const groupId = (
      await written(() =>
        owner.client.post('/api/groups', {
          name: `Leavers ${seq}`,
          description: 'Saying goodbye.',
        }),
      )
    ).id as number;
    for (const member of [leaver, keeper, other]) {
      await written(() => member.client.post('/api/groups/join', { groupId }));
    }
    // Social: follows both ways (each notifies), so the leaver's review notifies `other` too.
    for (const [from, to] of [
      [other, leaver],
      [leaver, other],
    ] as const) {
      const follow = await eventually(
        () => from.client.post(`/api/users/${to.username}/follow`),
        (res) => res.status !== 404,
      );
      expect(follow.status).toBe(200);
    }
    // Reviews knows the memberships before anyone shares a review with the group.
    await reconcileClean();
    const cafe = (
      await written(() =>
        owner.client.post('/api/businesses', {
          name: `Goodbye Cafe ${seq}`,
          category: 'Restaurants',
        }),
      )
    ).id as number;
    const deli = (
      await written(() =>
        owner.client.post('/api/businesses', {
          name: `Farewell Deli ${seq}`,
          category: 'Restaurants',
        }),
      )
    ).id as number;

    const photo = await photoOf(leaver);
    const leaverReview = (
      await written(() =>
        leaver.client.post('/api/reviews', reviewBody(cafe, [groupId], 5, [photo])),
      )
    ).id as number;
    const leaverSecond = (
      await written(() => leaver.client.post('/api/reviews', reviewBody(deli, [groupId], 1)))
    ).id as number;
    const keptReview = (
      await written(() => keeper.client.post('/api/reviews', reviewBody(deli, [groupId], 4)))
    ).id as number;
    const otherReview = (
      await written(() => other.client.post('/api/reviews', reviewBody(cafe, [groupId], 2)))
    ).id as number;
    for (const voter of [leaver, keeper]) {
      await written(() => voter.client.request('PUT', `/api/reviews/${otherReview}/helpful`));
    }
    await written(() => other.client.request('PUT', `/api/reviews/${leaverReview}/helpful`));
    await written(() =>
      leaver.client.post(`/api/reviews/${otherReview}/report`, { reason: 'spam' }),
    );
    const reported = await admin('reviews.moderation_queue')
      .where({ review_id: otherReview })
      .first('report_weight');
    expect(reported?.report_weight).toBeGreaterThan(0);
    // A second browser of the leaver's, which must be signed out too.
    const secondBrowser = stack.client();
    expect(
      (await secondBrowser.post('/api/login', { username: leaver.username, password: PASSWORD }))
        .status,
    ).toBe(200);
    expect(driftOf(await reconcileClean())).toEqual({});

    // The export, before: everything the platform holds about the leaver.
    const download = await leaver.client.get('/api/user/export');
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toMatch(
      new RegExp(
        `^attachment; filename="trustcircle-${leaver.username}-\\d{4}-\\d{2}-\\d{2}\\.json"$`,
      ),
    );
    expect(download.headers.get('cache-control')).toBe('no-store');
    const exported = download.body;
    expect(exported.profile).toMatchObject({
      id: leaver.id,
      email: leaver.email,
      name: leaver.name,
    });
    // Social's part: the follows both ways, the notifications, the preferences.
    const followedBy = [{ username: other.username, since: expect.any(String) }];
    expect(exported).toMatchObject({ following: followedBy, followers: followedBy });
    // Catalog's and reviews' owner parts (issue 18): none for a member who claimed nothing.
    expect(exported).toMatchObject({ businessClaims: [], ownedBusinesses: [], replies: [] });
    expect(exported.notifications).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: 'new_follower', readAt: null })]),
    );
    expect(exported.notificationPreferences).toEqual({
      new_follower: true,
      following_review: true,
      review_helpful: true,
      owner_reply: true,
      review_moderated: true,
    });
    const held = {
      reviews: (await admin('reviews.reviews').where({ user_id: leaver.id }).orderBy('id')).map(
        (r: { id: number }) => r.id,
      ),
      votes: (await admin('reviews.helpful_votes').where({ user_id: leaver.id })).map(
        (v: { review_id: number }) => v.review_id,
      ),
      memberships: (await admin('communities.group_members').where({ user_id: leaver.id })).map(
        (m: { group_id: number }) => m.group_id,
      ),
    };
    expect(held).toEqual({
      reviews: [leaverReview, leaverSecond],
      votes: [otherReview],
      memberships: [groupId],
    });
    expect({
      reviews: exported.reviews.map((r: { id: number }) => r.id),
      votes: exported.helpfulVotes.map((v: { reviewId: number }) => v.reviewId),
      memberships: exported.memberships.map((m: { groupId: number }) => m.groupId),
    }).toEqual(held);
    expect(exported.reviews[0]).toMatchObject({
      businessId: cafe,
      rating: 5,
      content: reviewBody(cafe, [], 5).content,
      groupIds: [groupId],
      photos: [photo],
    });
    expect(exported.reports).toEqual([
      expect.objectContaining({ reviewId: otherReview, reason: 'spam', status: 'open' }),
    ]);
    expect(exported.photos).toEqual([expect.objectContaining({ reviewId: leaverReview })]);
    expect(exported.sessions).toHaveLength(2);
    expect(exported.sessions[0]).toEqual(
      expect.objectContaining({ userAgent: expect.any(String), createdAt: expect.any(String) }),
    );
    expect(exported.sessions.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    expect(JSON.stringify(exported)).not.toMatch(/password|argon2|id_hash|idHash/i);

    // Deleting needs the password and the choice for the reviews.
    const wrong = await leaver.client.request('DELETE', '/api/user', {
      body: { password: 'not my password', reviews: 'delete' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.issues).toEqual([{ path: 'password', message: 'Password is incorrect' }]);
    const undecided = await leaver.client.request('DELETE', '/api/user', {
      body: { password: PASSWORD },
    });
    expect(undecided.status).toBe(400);
    expect(undecided.body.issues[0].path).toBe('reviews');

    const gone = await leaver.client.request('DELETE', '/api/user', {
      body: { password: PASSWORD, reviews: 'delete' },
    });
    expect(gone.status).toBe(200);
    expect(gone.body.message).toMatch(/^Your account has been deleted/);
    expect(gone.setCookies.some((line) => /^tc_session=;/.test(line))).toBe(true);
    expect((await secondBrowser.get('/api/user')).status).toBe(401);
    const farewell = await smtp.nextMail(leaver.email);
    expect(farewell.subject).toBe('Your TrustCircle account was deleted');
    expect(
      (await stack.client().post('/api/login', { username: leaver.username, password: PASSWORD }))
        .status,
    ).toBe(401);

    const kept = await keeper.client.request('DELETE', '/api/user', {
      body: { password: PASSWORD, reviews: 'keep' },
    });
    expect(kept.status).toBe(200);
    await smtp.nextMail(keeper.email);

    // Counts and scores equal a recomputation from the sources.
    const report = await reconcileClean();
    expect(driftOf(report)).toEqual({});
    expect(report.exitCode).toBe(0);

    // Nothing personal of either is left in any schema.
    await eventually(
      () => personal.rowsOf(leaver.id),
      (rows) => Object.keys(rows).length === 0,
      { timeoutMs: 10_000, intervalMs: 200 },
    );
    expect(await personal.rowsOf(leaver.id)).toEqual({});
    expect(
      await personal.rowsMentioning([leaver.username, leaver.email, leaver.name, photo]),
    ).toEqual([]);
    expect(await personal.rowsMentioning([keeper.username, keeper.email, keeper.name])).toEqual([]);
    // The keeper's review stays, by "Former member", weighed as an unverified author's.
    expect(await personal.rowsOf(keeper.id)).toEqual({
      'catalog.review_facts': 1,
      'reviews.reviews': 1,
    });
    const card = await other.client.get(`/api/reviews/${keptReview}`);
    expect(card.status).toBe(200);
    expect(card.body.user).toMatchObject({ name: 'Former member', username: '', avatar: null });

    // What the leaver did no longer counts: votes, membership, reviews, report weight.
    expect(
      await admin('reviews.reviews').where({ id: otherReview }).first('helpful_count'),
    ).toEqual({
      helpful_count: 0,
    });
    // The owner and the one who stayed.
    expect((await owner.client.get(`/api/groups/${groupId}`)).body.memberCount).toBe(2);
    const cafeNow = (await other.client.get(`/api/businesses/${cafe}`)).body;
    expect(cafeNow.reviews.map((r: { id: number }) => r.id)).toEqual([otherReview]);
    const queued = await admin('reviews.moderation_queue')
      .where({ review_id: otherReview })
      .first('report_weight');
    expect(queued?.report_weight ?? 0).toBe(0);
  });
});
