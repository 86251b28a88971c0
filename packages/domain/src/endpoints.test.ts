import { describe, expect, it } from 'vitest';
import { ENDPOINT_GROUPS, operationIdOf } from './endpoints';
import type { Endpoint } from './http/endpoint';
import * as domain from './index';

const endpoints: Endpoint[] = Object.values(ENDPOINT_GROUPS).flatMap((group) => Object.values(group));

describe('ENDPOINT_GROUPS', () => {
  it('holds every endpoint group the domain exports', () => {
    const exported = Object.entries(domain).filter(([name]) => name.endsWith('Endpoints'));
    const registered = new Set<unknown>(Object.values(ENDPOINT_GROUPS));
    expect(exported.filter(([, group]) => !registered.has(group)).map(([name]) => name)).toEqual([]);
  });

  it('names every endpoint once, with an operationId no other endpoint has', () => {
    expect(new Set(endpoints).size).toBe(endpoints.length);
    const ids = endpoints.map((endpoint) => operationIdOf(endpoint));
    expect(ids).not.toContain(undefined);
    expect(new Set(ids).size).toBe(ids.length);
    expect(operationIdOf(ENDPOINT_GROUPS.banners.list)).toBe('banners.list');
  });

  it('has one endpoint per method and path', () => {
    const routes = endpoints.map((endpoint) => `${endpoint.method} ${endpoint.path}`);
    expect(routes.filter((route, index) => routes.indexOf(route) !== index)).toEqual([]);
  });
});
