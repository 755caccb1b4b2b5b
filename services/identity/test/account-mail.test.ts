import { linkParam, TestClient } from '@trustcircle/testing';
import { PASSWORD, signUp as register, signUpForm, useMailWorld } from './mail-world';

const world = useMailWorld();
const NEW_PASSWORD = 'lantern orchard quietly';
const form = (overrides: Record<string, string> = {}) => signUpForm('mail', overrides);
const signUp = (overrides: Record<string, string> = {}) => register(world, form(overrides));

async function signIn(username: string, password: string) {
  const client = world.stack.client();
  const res = await client.post('/api/login', { username, password });
  return { client, status: res.status };
}

describe('e-mail confirmation', () => {
  it('mails a single-use link after sign-up that confirms the address without a session', async () => {
    const { client, fields } = await signUp();
    const mail = await world.smtp.nextMail(fields.email, {
      match: (m) => /Confirm/.test(m.subject),
    });
    expect(mail.html).toContain('#009688');
    expect(mail.links[0]).toMatch(/^https:\/\/trustcircle\.test\/auth\/confirm-email\?token=/);
    const token = linkParam(mail, '/auth/confirm-email');
    expect((await client.get('/api/user')).body.emailConfirmedAt).toBeNull();

    const anonymous = new TestClient(world.stack.gatewayUrl);
    const confirmed = await anonymous.post('/api/email/confirm', { token });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ message: 'Your email address is confirmed.' });
    expect(confirmed.headers.get('cache-control')).toBe('no-store');
    expect((await client.get('/api/user')).body.emailConfirmedAt).toEqual(expect.any(String));

    const again = await anonymous.post('/api/email/confirm', { token });
    expect(again.status).toBe(400);
    expect(again.body.issues).toEqual([
      { path: 'token', message: expect.stringMatching(/invalid, used or expired/) },
    ]);
  });

  it('expires after 24 hours and resends at most three links an hour', async () => {
    const { client, fields, user } = await signUp();
    const first = linkParam(await world.smtp.nextMail(fields.email), '/auth/confirm-email');
    await world
      .identityDb('account_tokens')
      .where({ user_id: user.id })
      .update({ expires_at: world.identityDb.raw("now() - interval '1 second'") });
    expect((await client.post('/api/email/confirm', { token: first })).status).toBe(400);

    for (let i = 0; i < 2; i += 1) {
      const res = await client.post('/api/user/email/confirmation', {});
      expect(res.status).toBe(202);
    }
    const second = linkParam(await world.smtp.nextMail(fields.email), '/auth/confirm-email');
    await world.smtp.nextMail(fields.email);
    const limited = await client.post('/api/user/email/confirmation', {});
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await client.post('/api/email/confirm', { token: second })).status).toBe(200);
    const done = await client.post('/api/user/email/confirmation', {});
    expect(done.status).toBe(409);
  });
});

describe('sign-up does not tell whether an address is registered', () => {
  it('answers alike, mails the owner, and the newcomer does not get the address', async () => {
    const owner = await signUp();
    await world.smtp.nextMail(owner.fields.email);
    const fresh = await world.stack.client().post('/api/register', form());
    const clash = await world.stack
      .client()
      .post('/api/register', form({ email: owner.fields.email.toUpperCase() }));
    expect(clash.status).toBe(fresh.status);
    expect(Object.keys(clash.body).sort()).toEqual(Object.keys(fresh.body).sort());
    expect(clash.body.email).toBe(owner.fields.email.toUpperCase());

    const notice = await world.smtp.nextMail(owner.fields.email);
    expect(notice.subject).toBe('Someone tried to sign up with your email address');
    expect(notice.links).toEqual(['https://trustcircle.test/auth/forgot']);
    await world.smtp.expectNoMail(owner.fields.email, 500);
    // Signing in with the address still reaches its owner only.
    expect((await signIn(owner.fields.email, PASSWORD)).status).toBe(200);
    expect((await signIn(clash.body.username, PASSWORD)).status).toBe(200);
  });

  it('keeps the username conflict message of the spec', async () => {
    const { fields } = await signUp();
    const res = await world.stack
      .client()
      .post('/api/register', form({ username: fields.username }));
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Username already taken');
  });

  it('refuses a guessable password and says why', async () => {
    const res = await world.stack
      .client()
      .post('/api/register', form({ password: '12345678', confirmPassword: '12345678' }));
    expect(res.status).toBe(400);
    expect(res.body.issues).toEqual([
      {
        path: 'password',
        message: expect.stringMatching(
          /^Password is too easy to guess\. This is a heavily used password\./,
        ),
      },
    ]);
  });
});

describe('forgotten password', () => {
  it('answers the same for unknown and known addresses and mails only the owner', async () => {
    const { fields } = await signUp();
    await world.smtp.nextMail(fields.email);
    const known = await world.stack.client().post('/api/password/forgot', { email: fields.email });
    const unknown = await world.stack
      .client()
      .post('/api/password/forgot', { email: `nobody.${fields.email}` });
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(unknown.body).toEqual(known.body);
    expect(known.headers.get('cache-control')).toBe('no-store');
    const mail = await world.smtp.nextMail(fields.email);
    expect(mail.subject).toBe('Reset your TrustCircle password');
    expect(mail.links[0]).toMatch(/^https:\/\/trustcircle\.test\/auth\/reset\?token=[\w-]{43}$/);
    await world.smtp.expectNoMail(`nobody.${fields.email}`, 300);
  });

  it('takes about as long whether or not the address exists', async () => {
    // Three accounts, three requests each: every "known" request takes the whole mailing path
    // (three resets an hour are mailed per account).
    const emails = [(await signUp()).fields.email, (await signUp()).fields.email];
    emails.push((await signUp()).fields.email);
    const time = async (email: string) => {
      const started = performance.now();
      await world.stack.client().post('/api/password/forgot', { email });
      return performance.now() - started;
    };
    // Interleaved pairs and the median of nine: a busy machine (CI) slows single requests by
    // 100 ms and more, on either side; a real difference (a password hash, SMTP) shows in
    // every pair.
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 9; i += 1) {
      known.push(await time(emails[i % 3]!));
      unknown.push(await time(`ghost${i}.${emails[0]}`));
    }
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[4]!;
    expect(Math.abs(median(known) - median(unknown))).toBeLessThan(50);
  });

  it('resets once with the mailed link, refuses a weak password, and ends every session', async () => {
    const { client: first, fields } = await signUp();
    const second = (await signIn(fields.username, PASSWORD)).client;
    await world.stack.client().post('/api/password/forgot', { email: fields.email });
    const token = linkParam(
      await world.smtp.nextMail(fields.email, { match: (m) => /Reset/.test(m.subject) }),
      '/auth/reset',
    );

    const weak = await world.stack
      .client()
      .post('/api/password/reset', { token, password: 'password1' });
    expect(weak.status).toBe(400);
    expect(weak.body.issues[0].path).toBe('password');

    const reset = await world.stack
      .client()
      .post('/api/password/reset', { token, password: NEW_PASSWORD });
    expect(reset.status).toBe(200);
    expect(reset.body.message).toMatch(/Sign in with your new password/);
    expect((await first.get('/api/user')).status).toBe(401);
    expect((await second.get('/api/user')).status).toBe(401);
    expect((await signIn(fields.username, PASSWORD)).status).toBe(401);
    expect((await signIn(fields.username, NEW_PASSWORD)).status).toBe(200);
    expect((await world.smtp.nextMail(fields.email)).subject).toBe(
      'Your TrustCircle password was changed',
    );

    const reused = await world.stack
      .client()
      .post('/api/password/reset', { token, password: 'another fine passphrase' });
    expect(reused.status).toBe(400);
    expect(reused.body.message).toMatch(/invalid, used or expired/);
  });

  it('refuses a link older than an hour', async () => {
    const { fields, user } = await signUp();
    await world.stack.client().post('/api/password/forgot', { email: fields.email });
    const token = linkParam(
      await world.smtp.nextMail(fields.email, { match: (m) => /Reset/.test(m.subject) }),
      '/auth/reset',
    );
    await world
      .identityDb('account_tokens')
      .where({ user_id: user.id, purpose: 'password_reset' })
      .update({
        created_at: world.identityDb.raw("now() - interval '61 minutes'"),
        expires_at: world.identityDb.raw("now() - interval '1 minute'"),
      });
    const res = await world.stack
      .client()
      .post('/api/password/reset', { token, password: NEW_PASSWORD });
    expect(res.status).toBe(400);
    expect((await signIn(fields.username, PASSWORD)).status).toBe(200);
  });
});

describe('change password', () => {
  it('needs the current password, ends other sessions and renews this one', async () => {
    const { client, fields } = await signUp();
    const other = (await signIn(fields.username, PASSWORD)).client;
    const before = [...client.cookies.values()].join();

    const wrong = await client.post('/api/user/password', {
      currentPassword: 'not it at all',
      newPassword: NEW_PASSWORD,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.issues).toEqual([
      { path: 'currentPassword', message: 'Current password is incorrect' },
    ]);
    const weak = await client.post('/api/user/password', {
      currentPassword: PASSWORD,
      newPassword: 'qwertyuiop',
    });
    expect(weak.status).toBe(400);
    expect(weak.body.issues[0].path).toBe('newPassword');

    const changed = await client.post('/api/user/password', {
      currentPassword: PASSWORD,
      newPassword: NEW_PASSWORD,
    });
    expect(changed.status).toBe(200);
    expect(changed.body.username).toBe(fields.username);
    expect([...client.cookies.values()].join()).not.toBe(before);
    expect((await client.get('/api/user')).status).toBe(200);
    expect((await other.get('/api/user')).status).toBe(401);
    expect((await signIn(fields.username, NEW_PASSWORD)).status).toBe(200);
  });

  it('is for signed-in members only', async () => {
    const res = await world.stack
      .client()
      .post('/api/user/password', { currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
    expect(res.status).toBe(401);
  });
});
