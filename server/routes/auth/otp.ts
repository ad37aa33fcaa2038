/**
 * POST /api/otp/: send an emailed code (signup, login), check one and sign in, or finish
 * a two-factor sign-in. Sending answers the same whether or not the address has an
 * account; codes go only where they can be used: signup codes to unconfirmed accounts,
 * login codes to confirmed ones.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { otp } from '../../../contracts/otp.ts';
import { CODE_TTL_MINUTES, checkCode, issueCode, spendCode } from '../../auth/one-time-codes.ts';
import { signIn } from '../../auth/sign-in.ts';
import { passChallenge } from '../../auth/two-factor.ts';
import { ApiError, type FieldMessages } from '../../lib/api-error.ts';
import { findUserByEmail, findUserById } from '../../repositories/users-repository.ts';

const required = () => [{ key: 'error.required' as const }];

const otpRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...otp,
    handler: async (request) => {
      const { purpose, email, code, challenge } = request.body;

      if (purpose === 'two_factor') {
        if (!challenge || !code) {
          const missing: FieldMessages = {};
          if (!challenge) missing.challenge = required();
          if (!code) missing.code = required();
          throw ApiError.fields(missing);
        }
        const userId = await passChallenge(app, challenge, code, request.ip);
        const user = await findUserById(app.db, userId);
        if (!user) throw ApiError.fields({ challenge: [{ key: 'error.challengeExpired' }] });
        return signIn(app, request, user, { notify: true, secondFactorPassed: true });
      }

      if (email === undefined) throw ApiError.fields({ email: required() });

      if (code === undefined) {
        const user = await findUserByEmail(app.db, email);
        const usable = user && (purpose === 'signup' ? !user.is_verified : user.is_verified);
        const { resendAfter } = await issueCode(app, {
          purpose,
          email,
          recipient: usable ? { userId: user.id, email, username: user.username, language: user.language } : null,
          ip: request.ip,
        });
        return { detail: request.t('notice.codeSent', { minutes: CODE_TTL_MINUTES }), resend_after: resendAfter };
      }

      const row = await checkCode(app, { purpose, email, code, ip: request.ip });
      const user = row.user_id ? await findUserById(app.db, row.user_id) : undefined;
      if (!user || user.email?.toLowerCase() !== row.email)
        throw ApiError.fields({ code: [{ key: 'error.codeInvalid' }] });
      await spendCode(app, row);
      if (purpose === 'signup') {
        if (!user.is_verified) {
          await app.db.updateTable('users').set({ is_verified: true }).where('id', '=', user.id).execute();
          user.is_verified = true;
        }
        // The first sign-in of a new account: no "new sign-in" notice.
        return signIn(app, request, user, { notify: false });
      }
      return signIn(app, request, user, { notify: true });
    },
  });
};

export default otpRoutes;
