/** POST /api/logout/ (this session) and POST /api/logoutall/ (every session of the user). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { logout, logoutAll } from '../../../contracts/auth.ts';
import { signedInUser } from '../../plugins/auth.ts';
import { revokeAllSessions, revokeSession } from '../../repositories/auth-tokens-repository.ts';

const logoutRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...logout,
    onRequest: app.authenticate,
    handler: async (request, reply) => {
      await revokeSession(app.db, signedInUser(request).id, request.tokenId!);
      return reply.code(204).send(null);
    },
  });

  app.route({
    ...logoutAll,
    onRequest: app.authenticate,
    handler: async (request, reply) => {
      await revokeAllSessions(app.db, signedInUser(request).id);
      return reply.code(204).send(null);
    },
  });
};

export default logoutRoutes;
