/** GET /api/config/: what the sign-in screens and the push switch need to know before anyone signs in. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { getConfig } from '../../../contracts/config.ts';

const configRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...getConfig,
    handler: async () => ({
      telegram_bot_username: app.config.telegram?.botUsername ?? null,
      vapid_public_key: await app.push.vapidPublicKey(),
    }),
  });
};

export default configRoutes;
