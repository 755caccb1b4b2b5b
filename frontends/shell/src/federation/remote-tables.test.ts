import { remoteOfPath, routeForPath } from './remote-tables';

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

describe('routeForPath', () => {
  const route = (path: string) => ({ path, access: 'public' as const, element: null });
  const routes = [
    route('/explore'),
    route('/business/:id'),
    route('/business/new'),
    route('/write-review'),
    route('/write-review/:businessId'),
  ];

  it('finds the route the router would render, static segments first', () => {
    expect(routeForPath(routes, '/explore')?.path).toBe('/explore');
    expect(routeForPath(routes, '/Explore/')?.path).toBe('/explore');
    expect(routeForPath(routes, '/business/42')?.path).toBe('/business/:id');
    expect(routeForPath(routes, '/business/new')?.path).toBe('/business/new');
    expect(routeForPath(routes, '/write-review/7')?.path).toBe('/write-review/:businessId');
  });

  it('finds none for a path no route has', () => {
    expect(routeForPath(routes, '/business')).toBeUndefined();
    expect(routeForPath(routes, '/business/42/reviews')).toBeUndefined();
  });
});
