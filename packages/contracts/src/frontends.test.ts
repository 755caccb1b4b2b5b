import { firstReadOf, remoteOfPath } from './frontends';

describe('frontends', () => {
  it('knows the business page starts with the composed read, for the ids it takes', () => {
    expect(firstReadOf('/business/7')).toBe('/api/businesses/7');
    expect(firstReadOf('/Business/42/')).toBe('/api/businesses/42');
    for (const path of ['/business/new', '/business/7/reviews', '/business/12345678901', '/']) {
      expect({ path, read: firstReadOf(path) }).toEqual({ path, read: undefined });
    }
  });

  it('finds the remote of a section, whole segments only', () => {
    expect(remoteOfPath('/business/7')).toBe('business');
    expect(remoteOfPath('/groupsx')).toBeUndefined();
  });
});
