import type { Endpoint } from '@dance/domain';
import type { RouteOptions } from 'fastify';

export interface RegisteredRoute {
  method: string;
  url: string;
  /** The domain contract the route was registered from with route(); undefined for raw app.get/app.post. */
  endpoint?: Endpoint;
}

/**
 * Records every route the app registers, from its own onRoute hook (pass `onRoute` to createTestApp), so a
 * route added later by any module is seen without touching the tests. HEAD routes Fastify adds for each GET
 * run the GET's handler and hooks: they are folded into their GET.
 */
export function routeRecorder() {
  const routes: RegisteredRoute[] = [];
  const onRoute = (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      routes.push({ method, url: route.url, endpoint: route.config?.endpoint });
    }
  };
  return { routes, onRoute };
}
