/** GET /api/dashboard/: the dashboard screens' figures. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { getDashboard } from '../../../contracts/dashboard.ts';
import { signedInUser } from '../../plugins/auth.ts';
import { dashboardOf } from '../../repositories/dashboard-repository.ts';

const dashboardRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...getDashboard,
    onRequest: app.authenticate,
    handler: async (request) => dashboardOf(app.db, signedInUser(request).id, app.clock.now()),
  });
};

export default dashboardRoutes;
