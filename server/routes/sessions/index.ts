/** The signed-in devices of the user: GET /api/sessions/ and DELETE /api/sessions/{id}/. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { deleteSession, listSessions } from '../../../contracts/sessions.ts';
import { ApiError } from '../../lib/api-error.ts';
import { signedInUser } from '../../plugins/auth.ts';
import { listSessions as findSessions, revokeSession } from '../../repositories/auth-tokens-repository.ts';

const sessionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...listSessions,
    onRequest: app.authenticate,
    handler: async (request) => {
      const sessions = await findSessions(app.db, signedInUser(request).id);
      return {
        results: sessions.map((session) => ({
          id: Number(session.id),
          created_at: session.created_at.toISOString(),
          last_used_at: session.last_used_at?.toISOString() ?? null,
          expires_at: session.expires_at.toISOString(),
          user_agent: session.user_agent,
          ip: session.ip,
          current: session.id === request.tokenId,
        })),
      };
    },
  });

  app.route({
    ...deleteSession,
    onRequest: app.authenticate,
    handler: async (request, reply) => {
      // Another user's session, an ended one or no such id: all simply "not found".
      const revoked = await revokeSession(app.db, signedInUser(request).id, String(request.params.id));
      if (!revoked) throw ApiError.notFound();
      return reply.code(204).send(null);
    },
  });
};

export default sessionRoutes;
