/** User profiles: GET /api/users/{id}/ (PUT, PATCH and DELETE come later). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { getUser } from '../../../contracts/users.ts';
import { ApiError } from '../../lib/api-error.ts';
import { signedInUser } from '../../plugins/auth.ts';
import { toUser } from '../../repositories/users-repository.ts';

const userRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...getUser,
    preHandler: app.authenticate,
    handler: async (request) => {
      const user = signedInUser(request);
      // Only your own profile. Another id is "not found" rather than "forbidden", which
      // would confirm that the account exists.
      if (request.params.id !== Number(user.id)) throw ApiError.notFound();
      return toUser(user);
    },
  });
};

export default userRoutes;
