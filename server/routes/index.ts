/** Every API route, by resource. Paths come from the contracts and include /api. */
import type { FastifyInstance } from 'fastify';
import authRoutes from './auth/index.ts';
import configRoutes from './config/index.ts';
import healthRoutes from './health/index.ts';
import minerRoutes from './miners/index.ts';
import sessionRoutes from './sessions/index.ts';
import totpRoutes from './totp/index.ts';
import userRoutes from './users/index.ts';

export default async function routes(app: FastifyInstance): Promise<void> {
  await app.register(healthRoutes);
  await app.register(configRoutes);
  await app.register(authRoutes);
  await app.register(userRoutes);
  await app.register(sessionRoutes);
  await app.register(totpRoutes);
  await app.register(minerRoutes);
}
