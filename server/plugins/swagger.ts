/**
 * OpenAPI document built from the routes' schemas (the contracts), with the interactive
 * docs at /api/docs and the JSON at /api/docs/json.
 */
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DOCS_PREFIX } from './helmet.ts';

async function swagger(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'HashHarbor API',
        version: '0.1.0',
        description:
          'Errors are `{"detail": "..."}` or `{"field": ["..."]}`, in the language of Accept-Language. ' +
          'Lists take `limit` and `offset` and answer `{count, next, previous, results}`. ' +
          'Amounts are decimal strings.',
      },
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', description: 'The token from POST /api/login/' },
        },
      },
    },
  });
  await app.register(fastifySwaggerUi, { routePrefix: DOCS_PREFIX });
}

export default fp(swagger, { name: 'swagger' });
