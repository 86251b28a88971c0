import { authEndpoints, catalogueEndpoints, type Endpoint } from '@dance/domain';
import { describe, expect, it } from 'vitest';
import { authRoutes, catalogueRoutes, type Route } from './routes';

function expectSameAs(routes: Record<string, Route>, endpoints: Record<string, Endpoint>) {
  for (const [name, route] of Object.entries(routes)) {
    const endpoint = endpoints[name];
    expect(endpoint, name).toBeDefined();
    expect({ name, method: route.method, path: route.path }).toEqual({
      name,
      method: endpoint?.method,
      path: endpoint?.path,
    });
  }
}

describe('routes', () => {
  it('match the auth contracts', () => expectSameAs(authRoutes, authEndpoints));
  it('match the catalogue contracts, every one of them', () => {
    expectSameAs(catalogueRoutes, catalogueEndpoints);
    expect(Object.keys(catalogueRoutes).sort()).toEqual(Object.keys(catalogueEndpoints).sort());
  });
});
