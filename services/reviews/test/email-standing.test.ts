import { linkParam, startMailServer, type MailServer } from '@trustcircle/testing';
import { createReviewsWorld, reviewBody, type ReviewsWorld } from './support/world';

let smtp: MailServer;
let world: ReviewsWorld;

beforeAll(async () => {
  smtp = await startMailServer();
  world = await createReviewsWorld({ identityEnv: { SMTP_URL: smtp.url } });
}, 60_000);

afterAll(async () => {
  await world?.stop();
  await smtp?.close();
});

describe('a confirmed e-mail address in standing (issue 19)', () => {
  it('reaches the users projection through identity events and weighs a new account’s report', async () => {
    const groupId = await world.group();
    const writer = await world.register();
    await world.join(writer.id, groupId);
    const businessId = await world.business();
    const reviewId = (await writer.client.post('/api/reviews', reviewBody(businessId, [groupId])))
      .body.id as number;

    const confirmed = await world.register();
    const unconfirmed = await world.register();
    const { username } = (await confirmed.client.get('/api/user')).body as { username: string };
    const mail = await smtp.nextMail(`${username}@example.com`);
    const token = linkParam(mail, '/auth/confirm-email');
    expect((await confirmed.client.post('/api/email/confirm', { token })).status).toBe(200);
    await world.until(
      () =>
        world.admin('users').where({ id: confirmed.id }).whereNotNull('email_confirmed_at').first(),
      'the confirmed address in the users projection',
    );

    for (const reporter of [confirmed, unconfirmed]) {
      const res = await reporter.client.post(`/api/reviews/${reviewId}/report`, { reason: 'fake' });
      expect(res.status).toBe(201);
    }
    const reports = await world
      .admin('review_reports')
      .where({ review_id: reviewId })
      .orderBy('id')
      .select('user_id', 'weight', 'reporter_email_confirmed');
    expect(reports).toEqual([
      { user_id: confirmed.id, weight: 0.2, reporter_email_confirmed: true },
      { user_id: unconfirmed.id, weight: 0.1, reporter_email_confirmed: false },
    ]);
  });
});
