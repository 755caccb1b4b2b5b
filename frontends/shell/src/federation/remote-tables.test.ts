import { remoteOfPath } from './remote-tables';

describe('remoteOfPath', () => {
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
});
