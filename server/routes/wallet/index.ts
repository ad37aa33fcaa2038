/** GET /api/wallet/: balances, and the deposit and withdrawal rules. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { getWallet } from '../../../contracts/wallet.ts';
import { signedInUser } from '../../plugins/auth.ts';
import { currencies, currencyRules, depositCurrencies } from '../../money/currencies.ts';
import { balancesOf } from '../../repositories/balances-repository.ts';

const walletRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...getWallet,
    onRequest: app.authenticate,
    handler: async (request) => ({
      balances: await balancesOf(app.db, signedInUser(request).id),
      deposit: { currencies: [...depositCurrencies], test_mode: app.paymentGateway.testMode },
      withdrawal: {
        rules: currencies.map((currency) => {
          const rules = currencyRules[currency];
          return {
            currency,
            minimum: rules.withdrawalMinimum,
            fee: rules.withdrawalFee,
            decimals: rules.decimals,
            address_hint: rules.addressHint,
          };
        }),
      },
    }),
  });
};

export default walletRoutes;
