import { type EndpointAuth, LINKS } from '@dance/domain';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** A signed-in caller: the browser's session cookie or a mobile client's bearer token (either one). */
const SIGNED_IN: Record<string, string[]>[] = [{ cookieAuth: [] }, { bearerAuth: [] }];

/**
 * An operation's OpenAPI security from its contract's auth. Public says "none needed" explicitly (`[]`), so a
 * client generator does not guess; admin is a signed-in staff member (the role is checked, not the scheme).
 */
export function securityOf(auth: EndpointAuth): Record<string, string[]>[] {
  return auth === 'public' ? [] : SIGNED_IN;
}

/** Chargebee's webhook signs in with HTTP Basic credentials of its own, not a user's session. */
export const WEBHOOK_SECURITY: Record<string, string[]>[] = [{ webhookBasicAuth: [] }];

/**
 * Collects every route registered after it, in this context and the web API's, into the OpenAPI document that
 * other clients (the mobile apps) generate from; register it before the routes.
 */
export const openApiPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Dance Training API',
        version: '1.0.0',
        description:
          'Member app, admin console and mobile clients. Errors are application/problem+json with a stable `code`.',
        contact: { name: 'Dance Training support', url: LINKS.helpAndSupport },
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      },
      // Relative: the document is served by the API it describes, whatever its host.
      servers: [{ url: '/' }],
      components: {
        securitySchemes: {
          cookieAuth: { type: 'apiKey', in: 'cookie', name: 'sid' },
          bearerAuth: { type: 'http', scheme: 'bearer' },
          webhookBasicAuth: { type: 'http', scheme: 'basic' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
});

/** The document as JSON and its browsable page, served inside the web API (its headers and limits apply). */
export const openApiDocs = fp(async (app: FastifyInstance) => {
  await app.register(swaggerUi, { routePrefix: '/docs' });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
});
