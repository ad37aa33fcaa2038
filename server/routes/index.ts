/** Every API route, by resource. Paths come from the contracts and include /api. */
import type { FastifyInstance } from 'fastify';
import authRoutes from './auth/index.ts';
import configRoutes from './config/index.ts';
import contentRoutes from './content/index.ts';
import dashboardRoutes from './dashboard/index.ts';
import deviceRoutes from './devices/index.ts';
import healthRoutes from './health/index.ts';
import minerRoutes from './miners/index.ts';
import notificationRoutes from './notifications/index.ts';
import referralRoutes from './referrals/index.ts';
import sessionRoutes from './sessions/index.ts';
import totpRoutes from './totp/index.ts';
import transactionRoutes from './transactions/index.ts';
import userMinerRoutes from './user-miners/index.ts';
import userRoutes from './users/index.ts';
import walletRoutes from './wallet/index.ts';

export default async function routes(app: FastifyInstance): Promise<void> {
  await app.register(healthRoutes);
  await app.register(configRoutes);
  await app.register(authRoutes);
  await app.register(userRoutes);
  await app.register(sessionRoutes);
  await app.register(totpRoutes);
  await app.register(minerRoutes);
  await app.register(userMinerRoutes);
  await app.register(transactionRoutes);
  await app.register(walletRoutes);
  await app.register(referralRoutes);
  await app.register(dashboardRoutes);
  await app.register(notificationRoutes);
  await app.register(deviceRoutes);
  await app.register(contentRoutes);
}
