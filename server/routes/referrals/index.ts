/** The referral programme: GET /api/referral_info/ and GET /api/referrals/. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { getReferralInfo, listReferrals } from '../../../contracts/referrals.ts';
import { paginate } from '../../lib/pagination.ts';
import { signedInUser } from '../../plugins/auth.ts';
import {
  commissionTotals,
  referralCounts,
  referralsCount,
  referralsQuery,
  toReferral,
} from '../../repositories/referrals-repository.ts';

const referralRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...getReferralInfo,
    onRequest: app.authenticate,
    handler: async (request) => {
      const user = signedInUser(request);
      const [counts, totals] = await Promise.all([referralCounts(app.db, user.id), commissionTotals(app.db, user.id)]);
      return {
        code: user.referral_code,
        link: `${app.config.mining.publicSiteUrl}/signup?ref=${encodeURIComponent(user.referral_code)}`,
        rate: app.config.mining.referralRate,
        referred_count: counts.referred,
        active_referred_count: counts.active,
        totals,
      };
    },
  });

  app.route({
    ...listReferrals,
    onRequest: app.authenticate,
    handler: async (request) => {
      const user = signedInUser(request);
      const page = await paginate(request, referralsQuery(app.db, user.id), referralsCount(app.db, user.id));
      return { ...page, results: page.results.map(toReferral) };
    },
  });
};

export default referralRoutes;
