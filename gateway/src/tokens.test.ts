import { generateSigningKey, JwtVerifier } from '@trustcircle/service-kit';
import { TokenMinter } from './tokens';

describe('TokenMinter', () => {
  const { signingKey, jwks } = generateSigningKey();
  const verifier = new JwtVerifier(jwks);

  it('mints the roles into the claim and reuses a token only for the same roles', () => {
    const tokens = new TokenMinter(signingKey);
    const member = tokens.forUser(7, ['member']);
    const moderator = tokens.forUser(7, ['member', 'moderator']);
    expect(moderator).not.toBe(member);
    expect(tokens.forUser(7, ['member'])).toBe(member);
    expect(verifier.verify(member)).toMatchObject({ userId: 7, roles: ['member'] });
    expect(verifier.verify(moderator)).toMatchObject({ userId: 7, roles: ['member', 'moderator'] });
  });
});
