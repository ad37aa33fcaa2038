/**
 * Renting and buying miners, and the customer's miners: /api/user-miners/. Routes
 * authenticate on request, before the body is read: a stranger learns nothing from it.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { createUserMiner, getUserMiner, listUserMiners } from '../../../contracts/user-miners.ts';
import { ApiError } from '../../lib/api-error.ts';
import { paginate } from '../../lib/pagination.ts';
import { signedInUser } from '../../plugins/auth.ts';
import {
  findUserMiner,
  toUserMiner,
  userMinersCount,
  userMinersQuery,
} from '../../repositories/user-miners-repository.ts';
import { acquireMiner } from '../../services/acquire-miner.ts';

const userMinerRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...createUserMiner,
    onRequest: app.authenticate,
    handler: async (request, reply) => {
      const user = signedInUser(request);
      const { miner, ownership_type, rent_days, idempotency_key } = request.body;
      const result = await acquireMiner(app.db, {
        userId: user.id,
        minerId: miner,
        ownershipType: ownership_type,
        rentDays: rent_days,
        idempotencyKey: idempotency_key,
        referralRate: app.config.mining.referralRate,
        now: app.clock.now(),
      });
      const userMiner = await findUserMiner(app.db, user.id, result.userMinerId);
      if (!userMiner) throw new Error(`user-miner ${result.userMinerId} vanished`);
      return reply.code(result.created ? 201 : 200).send(toUserMiner(userMiner));
    },
  });

  app.route({
    ...listUserMiners,
    onRequest: app.authenticate,
    handler: async (request) => {
      const user = signedInUser(request);
      const { limit: _limit, offset: _offset, ...filters } = request.query;
      const page = await paginate(
        request,
        userMinersQuery(app.db, user.id, filters),
        userMinersCount(app.db, user.id, filters),
      );
      return { ...page, results: page.results.map(toUserMiner) };
    },
  });

  app.route({
    ...getUserMiner,
    onRequest: app.authenticate,
    handler: async (request) => {
      const userMiner = await findUserMiner(app.db, signedInUser(request).id, request.params.id);
      if (!userMiner) throw ApiError.notFound();
      return toUserMiner(userMiner);
    },
  });
};

export default userMinerRoutes;
