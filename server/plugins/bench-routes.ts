/**
 * The load benchmark's reference ceiling (`npm run bench:api`, scripts/bench/api.ts): a
 * route that does no work of its own but passes every global hook (security headers,
 * language, CORS) and the response serializer, so the ratio of another route to it is
 * the cost of that route's own work. Registered only when BENCH_ROUTES is on, and kept
 * out of the OpenAPI document: it is not part of the API.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';

export const BENCH_PING_URL = '/api/bench/ping';

const benchRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    method: 'GET',
    url: BENCH_PING_URL,
    schema: { hide: true, response: { 200: Type.Object({ ok: Type.Boolean() }) } },
    handler: async () => ({ ok: true }),
  });
};

export default benchRoutes;
