/**
 * Security headers (helmet's defaults: nosniff, frame and referrer policies, HSTS...) on
 * every response. Content-Security-Policy: the strictest one on API answers, which are
 * data and must never run as a page; the static site's own policy and headers come from
 * the build's `_headers` file (plugins/static-site.ts); none on the API docs page, whose
 * bundled UI needs inline scripts and styles.
 */
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isApiPath } from '../lib/http.ts';

const API_CSP = "default-src 'none'; frame-ancestors 'none'";
export const DOCS_PREFIX = '/api/docs';

async function helmet(app: FastifyInstance): Promise<void> {
  await app.register(fastifyHelmet, { global: true, contentSecurityPolicy: false });
  app.addHook('onRequest', async (request, reply) => {
    if (!isApiPath(request.url)) return;
    // Personal data: no shared or browser cache keeps an API answer.
    reply.header('cache-control', 'no-store');
    if (request.url !== DOCS_PREFIX && !request.url.startsWith(`${DOCS_PREFIX}/`)) {
      reply.header('content-security-policy', API_CSP);
    }
  });
}

export default fp(helmet, { name: 'helmet' });
