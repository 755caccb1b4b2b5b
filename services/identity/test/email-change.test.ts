import { linkParam, TestClient, type MailServer } from '@trustcircle/testing';
import { PASSWORD, signUp as register, signUpForm, useMailWorld } from './mail-world';

const world = useMailWorld({ LOGIN_FAILURES_PER_ACCOUNT: '3' });
/** An address no other test uses. */
const address = () => signUpForm('move').email;

/** A new account whose sign-up confirmation mail has been taken out of the way. */
async function signUp() {
  const { client, fields, user } = await register(world, signUpForm('move'));
  await world.smtp.nextMail(fields.email); // the sign-up's confirmation link
  return { client, email: fields.email, user };
}

const changeLink = (mail: Awaited<ReturnType<MailServer['nextMail']>>) =>
  linkParam(mail, '/auth/confirm-email-change');

describe('changing the e-mail address', () => {
  it('takes effect only through the link mailed to the new address, once; the old one is told', async () => {
    const { client, email, user } = await signUp();
    const next = address();
    const res = await client.post('/api/user/email', { newEmail: next, password: PASSWORD });
    expect(res.status).toBe(202);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body.message).toMatch(/^We have sent a link to the new address/);
    expect((await client.get('/api/user')).body.email).toBe(email);

    const mail = await world.smtp.nextMail(next);
    expect(mail.subject).toBe('Confirm your new email address for TrustCircle');
    expect(mail.links[0]).toMatch(
      /^https:\/\/trustcircle\.test\/auth\/confirm-email-change\?token=[\w-]{43}$/,
    );
    const token = changeLink(mail);
    // Until the link is opened the old address still signs in and the new one does not.
    expect(
      (await world.stack.client().post('/api/login', { username: next, password: PASSWORD }))
        .status,
    ).toBe(401);

    const anonymous = new TestClient(world.stack.gatewayUrl);
    const done = await anonymous.post('/api/email/change/confirm', { token });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ message: 'Your email address has been changed.' });
    const me = (await client.get('/api/user')).body;
    expect(me.email).toBe(next);
    expect(me.emailConfirmedAt).toEqual(expect.any(String));

    const told = await world.smtp.nextMail(email);
    expect(told.subject).toBe('Your TrustCircle email address was changed');
    expect(told.text).toContain(`m${'*'.repeat(next.indexOf('@') - 1)}@example.com`);
    expect(told.text).not.toContain(next);

    const again = await anonymous.post('/api/email/change/confirm', { token });
    expect(again.status).toBe(400);
    expect(again.body.issues).toEqual([
      { path: 'token', message: expect.stringMatching(/invalid, used or expired/) },
    ]);
    expect(
      (await world.stack.client().post('/api/login', { username: next, password: PASSWORD }))
        .status,
    ).toBe(200);
    expect(
      (await world.stack.client().post('/api/login', { username: email, password: PASSWORD }))
        .status,
    ).toBe(401);
    // The user event carried the change to the other services.
    const events = await world.identityDb('users').where({ id: user.id }).first('version');
    expect(events.version).toBeGreaterThan(1);
  });

  it('answers alike for a taken address, mails its owner, and changes nothing', async () => {
    const owner = await signUp();
    const { client, email } = await signUp();
    const free = await client.post('/api/user/email', { newEmail: address(), password: PASSWORD });
    const taken = await client.post('/api/user/email', {
      newEmail: owner.email.toUpperCase(),
      password: PASSWORD,
    });
    expect([taken.status, taken.body]).toEqual([free.status, free.body]);
    const notice = await world.smtp.nextMail(owner.email);
    expect(notice.subject).toBe('Someone tried to move their account to your email address');
    expect(notice.links).toEqual(['https://trustcircle.test/auth/forgot']);
    expect((await client.get('/api/user')).body.email).toBe(email);
    const tokens = await world
      .identityDb('account_tokens')
      .whereRaw('lower(email) = ?', [owner.email.toLowerCase()])
      .andWhere({ purpose: 'email_change' });
    expect(tokens).toEqual([]);
  });

  it('needs the password, spends the sign-in failure budget, and refuses the same address', async () => {
    const { client, email } = await signUp();
    const next = address();
    const missing = await client.post('/api/user/email', { newEmail: next });
    expect(missing.status).toBe(400);
    expect(missing.body.issues).toEqual([{ path: 'password', message: 'Password is required' }]);
    const malformed = await client.post('/api/user/email', {
      newEmail: 'nope',
      password: PASSWORD,
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.issues[0].path).toBe('newEmail');
    const same = await client.post('/api/user/email', { newEmail: email, password: PASSWORD });
    expect(same.status).toBe(400);
    expect(same.body.issues).toEqual([
      { path: 'newEmail', message: 'This is already your email address' },
    ]);

    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const wrong = await client.post('/api/user/email', {
        newEmail: next,
        password: `wrong ${i}`,
      });
      statuses.push(wrong.status);
      if (wrong.status === 400) {
        expect(wrong.body.issues).toEqual([{ path: 'password', message: 'Password is incorrect' }]);
      }
    }
    expect(statuses).toEqual([400, 400, 400, 429]);
    // Exhausted, even the right password waits, as at sign-in.
    const right = await client.post('/api/user/email', { newEmail: next, password: PASSWORD });
    expect(right.status).toBe(429);
    await world.smtp.expectNoMail(next, 300);
    expect(
      (await world.stack.client().post('/api/user/email', { newEmail: next, password: PASSWORD }))
        .status,
    ).toBe(401);
  });

  it('refuses a link that expired or whose address was taken meanwhile', async () => {
    const { client, user } = await signUp();
    const first = address();
    await client.post('/api/user/email', { newEmail: first, password: PASSWORD });
    const expired = changeLink(await world.smtp.nextMail(first));
    await world
      .identityDb('account_tokens')
      .where({ user_id: user.id, purpose: 'email_change' })
      .update({ expires_at: world.identityDb.raw("now() - interval '1 second'") });
    expect((await client.post('/api/email/change/confirm', { token: expired })).status).toBe(400);

    const contested = address();
    await client.post('/api/user/email', { newEmail: contested, password: PASSWORD });
    const link = changeLink(await world.smtp.nextMail(contested));
    const rival = await signUp();
    await rival.client.post('/api/user/email', { newEmail: contested, password: PASSWORD });
    const rivalLink = changeLink(await world.smtp.nextMail(contested));
    expect(
      (await rival.client.post('/api/email/change/confirm', { token: rivalLink })).status,
    ).toBe(200);
    const late = await client.post('/api/email/change/confirm', { token: link });
    expect(late.status).toBe(400);
    expect((await client.get('/api/user')).body.email).not.toBe(contested);
  });
});

describe('PATCH /api/user', () => {
  it('no longer changes or probes the address; the profile still updates', async () => {
    const owner = await signUp();
    const { client, email } = await signUp();
    const probe = await client.patch('/api/user', { email: owner.email });
    const other = await client.patch('/api/user', { email: address() });
    expect(probe.status).toBe(400);
    expect([probe.status, probe.body]).toEqual([other.status, other.body]);
    expect(probe.body.issues).toEqual([
      {
        path: 'email',
        message: expect.stringMatching(/needs your password and a confirmation link/),
      },
    ]);
    const unchanged = await client.patch('/api/user', { email, name: 'Renamed Mover' });
    expect(unchanged.status).toBe(200);
    expect(unchanged.body).toMatchObject({ email, name: 'Renamed Mover' });
  });
});
