import { routeForPath } from './remote-tables';

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
    expect(routeForPath(routes, '/explore')).toEqual({ route: routes[0], params: {} });
    expect(routeForPath(routes, '/Explore/')?.route.path).toBe('/explore');
    expect(routeForPath(routes, '/business/42')).toEqual({
      route: routes[1],
      params: { id: '42' },
    });
    expect(routeForPath(routes, '/business/new')?.route.path).toBe('/business/new');
    expect(routeForPath(routes, '/write-review/7')?.params).toEqual({ businessId: '7' });
  });

  it('decodes params as the router does, keeping their case', () => {
    expect(routeForPath(routes, '/business/Caf%C3%A9%20X')?.params).toEqual({ id: 'Café X' });
    expect(routeForPath(routes, '/business/%E0%A4%A')?.params).toEqual({ id: '%E0%A4%A' });
  });

  it('finds none for a path no route has', () => {
    expect(routeForPath(routes, '/business')).toBeUndefined();
    expect(routeForPath(routes, '/business/42/reviews')).toBeUndefined();
  });
});
