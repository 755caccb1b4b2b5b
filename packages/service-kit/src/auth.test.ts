import { InvalidTokenError, JwtVerifier, signToken } from './auth';
import { generateSigningKey } from './jwt-keys';

describe('JwtVerifier', () => {
  afterEach(() => jest.useRealTimers());

  it('remembers a verified token until it expires, then refuses it', () => {
    jest.useFakeTimers({ now: new Date('2026-01-01T00:00:00Z') });
    const { signingKey, jwks } = generateSigningKey();
    const verifier = new JwtVerifier(jwks);
    const token = signToken(signingKey, 'user', '42', 60);
    expect(verifier.verify(token)).toEqual({ scope: 'user', userId: 42, roles: ['member'] });
    expect(verifier.verify(token)).toEqual({ scope: 'user', userId: 42, roles: ['member'] });
    jest.setSystemTime(new Date('2026-01-01T00:01:01Z'));
    expect(() => verifier.verify(token)).toThrow(InvalidTokenError);
  });

  it('never answers from memory for a token that differs in one character', () => {
    const { signingKey, jwks } = generateSigningKey();
    const verifier = new JwtVerifier(jwks);
    const token = signToken(signingKey, 'user', '7');
    expect(verifier.verify(token).userId).toBe(7);
    const tampered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(() => verifier.verify(tampered)).toThrow(InvalidTokenError);
  });

  it('carries roles from the claim, drops unknown ones, and always includes member', () => {
    const { signingKey, jwks } = generateSigningKey();
    const verifier = new JwtVerifier(jwks);
    expect(verifier.verify(signToken(signingKey, 'user', '9', 60, ['moderator'])).roles).toEqual([
      'member',
      'moderator',
    ]);
    const forged = signToken(signingKey, 'user', '9', 60, ['admin' as never, 'member']);
    expect(verifier.verify(forged).roles).toEqual(['member']);
  });
});
