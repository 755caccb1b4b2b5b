import { trustProxySetting } from '../client-address';
import { waitText } from './limiter';
import { writeLimitFor } from './write-rules';

describe('writeLimitFor', () => {
  it.each([
    ['POST', '/reviews', 'REVIEWS'],
    ['PATCH', '/reviews/12', 'REVIEWS'],
    ['PUT', '/reviews/12/helpful', 'VOTES'],
    ['DELETE', '/reviews/12/helpful', 'VOTES'],
    ['POST', '/reviews/12/report', 'REPORTS'],
    ['POST', '/groups', 'GROUPS'],
    ['POST', '/groups/join', 'MEMBERSHIPS'],
    ['POST', '/groups/7/leave', 'MEMBERSHIPS'],
    ['POST', '/users/Ann.Lee/follow', 'FOLLOWS'],
    ['DELETE', '/users/ann/follow', 'FOLLOWS'],
    ['POST', '/businesses', 'BUSINESSES'],
    ['POST', '/businesses/4/claims', 'CLAIMS'],
    ['POST', '/moderation/claims/4/decision', 'OTHER_WRITES'],
    ['POST', '/reviews/12/reply', 'REPLIES'],
    ['PATCH', '/reviews/12/Reply/', 'REPLIES'],
    ['DELETE', '/reviews/12/reply', 'REPLIES'],
    ['POST', '/photos', 'PHOTOS'],
    ['PATCH', '/user', 'OTHER_WRITES'],
    ['POST', '/password/forgot', 'ACCOUNT_MAIL'],
    ['POST', '/user/email/confirmation', 'ACCOUNT_MAIL'],
    ['POST', '/user/email', 'ACCOUNT_MAIL'],
    ['GET', '/user/export', 'EXPORTS'],
    ['GET', '/User/Export/', 'EXPORTS'],
    ['DELETE', '/user', 'OTHER_WRITES'],
    ['POST', '/password/reset', 'OTHER_WRITES'],
    ['POST', '/user/password', 'OTHER_WRITES'],
    ['DELETE', '/reviews/12', 'OTHER_WRITES'],
  ])('%s %s spends on %s', (method, path, name) => {
    expect(writeLimitFor(method, path)).toBe(name);
  });

  it('cannot be sidestepped by letter case, doubled or trailing slashes', () => {
    expect(writeLimitFor('POST', '/Reviews/')).toBe('REVIEWS');
    expect(writeLimitFor('POST', '//reviews//12//HELPFUL')).toBe('VOTES');
  });

  it('leaves reads and the session routes alone', () => {
    expect(writeLimitFor('GET', '/reviews')).toBeNull();
    expect(writeLimitFor('HEAD', '/groups')).toBeNull();
    expect(writeLimitFor('POST', '/login')).toBeNull();
    expect(writeLimitFor('POST', '/Register/')).toBeNull();
  });
});

describe('waitText', () => {
  it('says seconds, minutes or hours, rounded up', () => {
    expect(waitText(1)).toBe('1 second');
    expect(waitText(45)).toBe('45 seconds');
    expect(waitText(700)).toBe('12 minutes');
    expect(waitText(86_000)).toBe('24 hours');
  });
});

describe('TRUST_PROXY', () => {
  const parse = (value: string | undefined) => trustProxySetting.safeParse(value);

  it('trusts nobody unless told', () => {
    expect(parse(undefined).data).toBe(false);
    expect(parse('').data).toBe(false);
    expect(parse('false').data).toBe(false);
  });

  it('takes a hop count or addresses and CIDRs', () => {
    expect(parse('1').data).toBe(1);
    expect(parse('10.0.0.0/8, fd00::/8,192.168.1.4').data).toBe(
      '10.0.0.0/8, fd00::/8, 192.168.1.4',
    );
    expect(parse('loopback').data).toBe('loopback');
  });

  it('refuses anything else, including trust-everyone', () => {
    expect(parse('true').success).toBe(false);
    expect(parse('10.0.0.0/33').success).toBe(false);
    expect(parse('ingress.local').success).toBe(false);
  });
});
