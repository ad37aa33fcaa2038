/** The miner catalogue: GET /api/miners/ (?acquisition=rent|buy) and GET /api/miners/{id}/. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { getMiner, listMiners } from '../../../contracts/miners.ts';
import { ApiError } from '../../lib/api-error.ts';
import { paginate } from '../../lib/pagination.ts';
import { findMiner, onSaleMinersCount, onSaleMinersQuery, toMiner } from '../../repositories/miners-repository.ts';

const minerRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...listMiners,
    onRequest: app.authenticate,
    handler: async (request) => {
      const { acquisition } = request.query;
      const page = await paginate(
        request,
        onSaleMinersQuery(app.db, acquisition),
        onSaleMinersCount(app.db, acquisition),
      );
      return { ...page, results: page.results.map(toMiner) };
    },
  });

  app.route({
    ...getMiner,
    onRequest: app.authenticate,
    handler: async (request) => {
      const miner = await findMiner(app.db, request.params.id);
      if (!miner) throw ApiError.notFound();
      return toMiner(miner);
    },
  });
};

export default minerRoutes;
