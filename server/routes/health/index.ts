/** Liveness and readiness probes, for load balancers and orchestrators. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql } from 'kysely';
import { health, ready } from '../../../contracts/health.ts';

const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({ ...health, handler: async () => ({ status: 'ok' as const }) });

  app.route({
    ...ready,
    // A database error propagates: plugins/errors.ts answers 503 when it is unreachable.
    handler: async () => {
      await sql`select 1`.execute(app.db);
      return { status: 'ready' as const };
    },
  });
};

export default healthRoutes;
