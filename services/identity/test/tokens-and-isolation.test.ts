import { gatewayService } from '@trustcircle/gateway';
import { identityService } from '@trustcircle/identity';
import { JWT_AUDIENCE, JWT_ISSUER, generateSigningKey } from '@trustcircle/service-kit';
import { startStack, type TestStack } from '@trustcircle/testing';
import jwt from 'jsonwebtoken';
import { Client } from 'pg';

let stack: TestStack;
let userId: number;

beforeAll(async () => {
  stack = await startStack({ gateway: gatewayService, services: [identityService] });
  const res = await stack.client().post('/api/register', {
    username: 'token_tester',
    email: 'token_tester@example.com',
    name: 'Token Tester',
    password: 'correct horse battery',
    confirmPassword: 'correct horse battery',
  });
  userId = res.body.id;
});

afterAll(async () => {
  await stack?.stop();
});

const sign = (claims: object, options: jwt.SignOptions = {}, key = stack.signingKey) =>
  jwt.sign({ scope: 'user', ...claims }, key.privateKey, {
    algorithm: 'ES256',
    issuer: JWT_ISSUER,
    audience: JWT_AUDIENCE,
    subject: String(userId),
    expiresIn: 300,
    keyid: key.kid,
    ...options,
  });

async function getUserDirect(token: string) {
  return fetch(`${stack.urlOf('identity')}/api/user`, {
    headers: { authorization: `Bearer ${token}` },
  });
}

describe('identity verifies the gateway JWT', () => {
  it('accepts a token the gateway would mint', async () => {
    const res = await getUserDirect(sign({}));
    expect(res.status).toBe(200);
    expect((await res.json()).id).toBe(userId);
  });

  it('refuses a tampered token', async () => {
    const token = sign({});
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    claims.sub = String(userId + 1);
    const forged = [
      header,
      Buffer.from(JSON.stringify(claims)).toString('base64url'),
      signature,
    ].join('.');
    const res = await getUserDirect(forged);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: 'Invalid or expired token' });
  });

  it('refuses an expired token', async () => {
    const now = Math.floor(Date.now() / 1000);
    const expired = jwt.sign(
      { scope: 'user', iat: now - 600, exp: now - 60 },
      stack.signingKey.privateKey,
      {
        algorithm: 'ES256',
        issuer: JWT_ISSUER,
        audience: JWT_AUDIENCE,
        subject: String(userId),
        keyid: stack.signingKey.kid,
      },
    );
    expect((await getUserDirect(expired)).status).toBe(401);
  });

  it('refuses alg: none', async () => {
    const header = Buffer.from(
      JSON.stringify({ alg: 'none', typ: 'JWT', kid: stack.signingKey.kid }),
    ).toString('base64url');
    const payload = Buffer.from(
      JSON.stringify({
        sub: String(userId),
        scope: 'user',
        iss: JWT_ISSUER,
        aud: JWT_AUDIENCE,
        exp: Math.floor(Date.now() / 1000) + 300,
      }),
    ).toString('base64url');
    expect((await getUserDirect(`${header}.${payload}.`)).status).toBe(401);
  });

  it('refuses a token signed by another key, a wrong audience, or a wrong issuer', async () => {
    const stranger = generateSigningKey(stack.signingKey.kid).signingKey;
    expect((await getUserDirect(sign({}, {}, stranger))).status).toBe(401);
    expect((await getUserDirect(sign({}, { audience: 'someone-else' }))).status).toBe(401);
    expect((await getUserDirect(sign({}, { issuer: 'someone-else' }))).status).toBe(401);
  });

  it('keeps internal endpoints for the gateway only', async () => {
    const res = await fetch(`${stack.urlOf('identity')}/internal/credentials/check`, {
      method: 'POST',
      headers: { authorization: `Bearer ${sign({})}`, 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'token_tester', password: 'correct horse battery' }),
    });
    expect(res.status).toBe(403);
    const anonymous = await fetch(`${stack.urlOf('identity')}/internal/users`, { method: 'POST' });
    expect(anonymous.status).toBe(403);
  });
});

describe('data ownership', () => {
  it("identity's database role cannot read schema gateway", async () => {
    const identityUrl = stack.running.get('identity')!.ctx.config.DATABASE_URL;
    const client = new Client({ connectionString: identityUrl });
    await client.connect();
    try {
      const own = await client.query('select count(*)::int as n from identity.users');
      expect(own.rows[0].n).toBeGreaterThan(0);
      await expect(client.query('select * from gateway.sessions')).rejects.toThrow(
        /permission denied/,
      );
      await expect(client.query('create table public.sneaky (id int)')).rejects.toThrow(
        /permission denied/,
      );
    } finally {
      await client.end();
    }
  });

  it('never stores or answers the password in clear', async () => {
    const client = new Client({ connectionString: stack.db.adminUrl });
    await client.connect();
    try {
      const { rows } = await client.query(
        'select password_hash from identity.users where username = $1',
        ['token_tester'],
      );
      expect(rows[0].password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    } finally {
      await client.end();
    }
  });
});
