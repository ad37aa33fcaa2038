/**
 * Cross-origin access for browsers, only from the origins in CORS_ORIGINS (for a front
 * end hosted elsewhere, PUBLIC_API_URL on the client). With none configured nothing is
 * registered: browsers then allow same-origin calls only. Tokens travel in the
 * Authorization header, not cookies, so credentials stay off.
 */
import fastifyCors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

async function cors(app: FastifyInstance): Promise<void> {
  const origins = app.config.corsOrigins;
  if (origins.length === 0) return;
  await app.register(fastifyCors, {
    origin: origins,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type', 'Accept', 'Accept-Language'],
    exposedHeaders: ['Content-Language', 'Retry-After'],
    credentials: false,
    // Browsers cap this anyway (Chrome: 2 hours); saves a preflight per call.
    maxAge: 600,
  });
}

export default fp(cors, { name: 'cors', dependencies: ['config'] });
