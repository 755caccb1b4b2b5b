import { IDENTITY_ALREADY_USED } from '@trustcircle/contracts';
import { gatewayService } from '@trustcircle/gateway';
import { identityService } from '@trustcircle/identity';
import { ConfigError, loadConfig, startService } from '@trustcircle/service-kit';
import { startStack, type TestStack } from '@trustcircle/testing';
import { IdentityEnvSchema } from '../src/config';

// Start-up reads the configuration before it connects anywhere: this address is never used.
const UNUSED_DB = 'postgres://nobody@127.0.0.1:1/nothing';

/** Mail settings a production deployment gives identity. */
const PRODUCTION_MAIL = {
  SMTP_URL: 'smtps://mailer:secret@smtp.example.com:465',
  PUBLIC_URL: 'https://trustcircle.example.com',
};

describe('production start', () => {
  it.each([
    [
      'SMTP_URL left at its default',
      { PUBLIC_URL: PRODUCTION_MAIL.PUBLIC_URL },
      /^SMTP_URL: points at this machine \(127\.0\.0\.1:1025\); in production set SMTP_URL to your mail provider/,
    ],
    [
      'PUBLIC_URL left at its default',
      { SMTP_URL: PRODUCTION_MAIL.SMTP_URL },
      /^PUBLIC_URL: points at this machine \(localhost:8080\); in production set PUBLIC_URL to the address people open TrustCircle at/,
    ],
    [
      'PUBLIC_URL on localhost',
      { SMTP_URL: PRODUCTION_MAIL.SMTP_URL, PUBLIC_URL: 'https://LOCALHOST.:8443' },
      /^PUBLIC_URL: points at this machine/,
    ],
    [
      'SMTP_URL on loopback',
      { PUBLIC_URL: PRODUCTION_MAIL.PUBLIC_URL, SMTP_URL: 'smtp://[::1]:25' },
      /^SMTP_URL: points at this machine/,
    ],
  ])('refuses %s with a clear config error', async (_what, mail, reason) => {
    const start = startService(identityService, {
      NODE_ENV: 'production',
      DATABASE_URL: UNUSED_DB,
      LOG_LEVEL: 'silent',
      VERIFICATION_PROVIDER: 'http',
      VERIFICATION_URL: 'https://verify.example.com/v1/check',
      VERIFICATION_SECRET: 'x'.repeat(32),
      ...mail,
    });
    await expect(start).rejects.toThrow(ConfigError);
    const message = await start.catch((error: Error) => error.message);
    // One problem, named by its variable, on one line.
    expect(message.replace(/^Invalid configuration: /, '')).toMatch(reason);
    expect(message).not.toContain('\n');
  });

  it('accepts the mail settings outside production, and real ones in production', () => {
    const development = loadConfig(IdentityEnvSchema, { DATABASE_URL: UNUSED_DB });
    expect([development.SMTP_URL, development.PUBLIC_URL]).toEqual([
      'smtp://127.0.0.1:1025',
      'http://localhost:8080',
    ]);
    const production = loadConfig(IdentityEnvSchema, {
      NODE_ENV: 'production',
      DATABASE_URL: UNUSED_DB,
      VERIFICATION_PROVIDER: 'http',
      VERIFICATION_URL: 'https://verify.example.com/v1/check',
      VERIFICATION_SECRET: 'x'.repeat(32),
      ...PRODUCTION_MAIL,
    });
    expect(production.PUBLIC_URL).toBe(PRODUCTION_MAIL.PUBLIC_URL);
  });

  it.each([
    ['the default provider', {}],
    ['the sandbox named', { VERIFICATION_PROVIDER: 'sandbox' }],
  ])('refuses %s with one clear line', async (_what, env) => {
    const start = startService(identityService, {
      NODE_ENV: 'production',
      DATABASE_URL: UNUSED_DB,
      LOG_LEVEL: 'silent',
      ...env,
    });
    await expect(start).rejects.toThrow(ConfigError);
    const message = await start.catch((error: Error) => error.message);
    expect(message).toMatch(
      /VERIFICATION_PROVIDER: the sandbox verification provider is for development only/,
    );
    expect(message).not.toContain('\n');
  });

  it('requires a URL and a long secret for the HTTP provider', () => {
    const env = {
      NODE_ENV: 'production',
      DATABASE_URL: UNUSED_DB,
      VERIFICATION_PROVIDER: 'http',
      ...PRODUCTION_MAIL,
    };
    expect(() => loadConfig(IdentityEnvSchema, env)).toThrow(
      /VERIFICATION_URL: is required.*VERIFICATION_SECRET: must be at least 32 characters/,
    );
    expect(() =>
      loadConfig(IdentityEnvSchema, {
        ...env,
        VERIFICATION_URL: 'https://verify.example.com/v1/check',
        VERIFICATION_SECRET: 'short',
      }),
    ).toThrow(/VERIFICATION_SECRET/);
    const config = loadConfig(IdentityEnvSchema, {
      ...env,
      VERIFICATION_URL: 'https://verify.example.com/v1/check',
      VERIFICATION_SECRET: 'x'.repeat(32),
    });
    expect(config.VERIFICATION_PROVIDER).toBe('http');
  });

  it('lets development use the sandbox', () => {
    const config = loadConfig(IdentityEnvSchema, { DATABASE_URL: UNUSED_DB });
    expect(config.VERIFICATION_PROVIDER).toBe('sandbox');
  });
});

describe('the development sandbox', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startStack({ gateway: gatewayService, services: [identityService] });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('verifies one account per token, not every account that sends it', async () => {
    const answers = [];
    for (const name of ['sandbox_one', 'sandbox_two']) {
      answers.push(
        await stack.client().post('/api/register', {
          username: name,
          email: `${name}@example.com`,
          name: 'Sandbox Person',
          password: 'correct horse battery',
          clearMeId: 'CLR-ABCDEF',
          isVerified: true,
        }),
      );
    }
    expect(answers[0]!.status).toBe(201);
    expect(answers[0]!.body).toMatchObject({ isVerified: true, clearMeId: 'CLR-ABCDEF' });
    expect(answers[0]!.body.verifiedAt).toEqual(expect.any(String));
    expect(answers[1]!.status).toBe(409);
    expect(answers[1]!.body.message).toBe(IDENTITY_ALREADY_USED);
  });
});
