import {
  bestRoute,
  businessReadPath,
  countLabel,
  firstReadOf,
  formatCount,
  remoteOfPath,
} from './frontends';

describe('frontends', () => {
  it('knows the business page starts with the composed read, for the ids it takes', () => {
    expect(firstReadOf('/business/7')).toBe('/api/businesses/7');
    expect(firstReadOf('/Business/42/')).toBe('/api/businesses/42');
    for (const path of ['/business/new', '/business/7/reviews', '/business/12345678901', '/']) {
      expect({ path, read: firstReadOf(path) }).toEqual({ path, read: undefined });
    }
  });

  it('names the remote whose section a page is in', () => {
    expect(remoteOfPath('/explore')).toBe('business');
    expect(remoteOfPath('/business/42/reviews')).toBe('business');
    expect(remoteOfPath('/groups')).toBe('groups');
    expect(remoteOfPath('/Groups/7')).toBe('groups');
  });

  it('leaves the shell’s own pages and look-alike paths to the shell', () => {
    expect(remoteOfPath('/')).toBeUndefined();
    expect(remoteOfPath('/search')).toBeUndefined();
    expect(remoteOfPath('/businesses')).toBeUndefined();
    expect(remoteOfPath('/groupsx')).toBeUndefined();
  });

  it('encodes the business id it reads', () => {
    expect(businessReadPath(7)).toBe('/api/businesses/7');
    expect(businessReadPath('../user')).toBe('/api/businesses/..%2Fuser');
  });

  it('chooses a route as the router does: static segments first, params decoded', () => {
    const patterns = ['/business/:id', '/business/new', '/explore'];
    const best = (path: string) => bestRoute(patterns, (p) => p, path);
    expect(best('/business/new')).toEqual({ candidate: '/business/new', params: {} });
    expect(best('/Business/New/')?.candidate).toBe('/business/new');
    expect(best('/business/Caf%C3%A9')).toEqual({
      candidate: '/business/:id',
      params: { id: 'Café' },
    });
    expect(best('/business/%E0%A4%A')?.params).toEqual({ id: '%E0%A4%A' });
    expect(best('/business/7/reviews')).toBeUndefined();
    expect(best('/trending')).toBeUndefined();
  });
});

describe('counts', () => {
  it('groups thousands as people read them, Intl only for fractions', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatCount(-1234)).toBe('-1,234');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1234.5)).toBe('1,234.5');
  });

  it('puts the noun in the right number, a missing count read as none', () => {
    expect(countLabel(1, 'community', 'communities')).toBe('1 community');
    expect(countLabel(1204, 'community', 'communities')).toBe('1,204 communities');
    expect(countLabel(1500, 'review')).toBe('1,500 reviews');
    expect(countLabel(Number.NaN, 'review')).toBe('0 reviews');
  });
});
