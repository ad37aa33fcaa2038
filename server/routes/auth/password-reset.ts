/**
 * POST /api/password_reset/: `{email}` sends a code (the same answer for any address);
 * `{email, code, password}` sets the new password, signs out every session, emails a
 * notice and adds a password_reset notification.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { passwordReset } from '../../../contracts/password-reset.ts';
import { CODE_TTL_MINUTES, checkCode, issueCode, spendCode } from '../../auth/one-time-codes.ts';
import { newPasswordProblem } from '../../auth/password-policy.ts';
import { hashPassword } from '../../auth/passwords.ts';
import { inTransaction } from '../../db/in-transaction.ts';
import { ApiError } from '../../lib/api-error.ts';
import { sendSecurityNotice } from '../../mail/notices.ts';
import { notify } from '../../notifications/notify.ts';
import { revokeAllSessions } from '../../repositories/auth-tokens-repository.ts';
import { findUserByEmail, findUserById, setPasswordHash } from '../../repositories/users-repository.ts';

const passwordResetRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...passwordReset,
    handler: async (request) => {
      const { email, code, password } = request.body;

      if (code === undefined && password === undefined) {
        const user = await findUserByEmail(app.db, email);
        // Confirmed accounts only: an unconfirmed one is simply registered again.
        const usable = user?.is_verified ? user : null;
        const { resendAfter } = await issueCode(app, {
          purpose: 'password_reset',
          email,
          recipient: usable ? { userId: usable.id, email, username: usable.username, language: usable.language } : null,
          ip: request.ip,
        });
        return { detail: request.t('notice.resetCodeSent', { minutes: CODE_TTL_MINUTES }), resend_after: resendAfter };
      }

      if (code === undefined || password === undefined) {
        throw ApiError.fields({ [code === undefined ? 'code' : 'password']: [{ key: 'error.required' }] });
      }
      // The rules that need no account first, so a weak password costs no try of the code.
      const early = newPasswordProblem(password, { email });
      if (early) throw ApiError.fields({ password: [early] });

      const row = await checkCode(app, { purpose: 'password_reset', email, code, ip: request.ip });
      const user = row.user_id ? await findUserById(app.db, row.user_id) : undefined;
      if (!user || user.email?.toLowerCase() !== row.email)
        throw ApiError.fields({ code: [{ key: 'error.codeInvalid' }] });
      // Now the username is known; the code stays valid if the password is refused.
      const problem = newPasswordProblem(password, { username: user.username, email });
      if (problem) throw ApiError.fields({ password: [problem] });

      await spendCode(app, row);
      const passwordHash = await hashPassword(password);
      await inTransaction(app.db, async (trx) => {
        await setPasswordHash(trx, user.id, passwordHash);
        await revokeAllSessions(trx, user.id);
        await notify(trx, user.id, 'password_reset');
      });
      sendSecurityNotice(app, user, 'passwordChanged');
      return { detail: request.t('notice.passwordReset') };
    },
  });
};

export default passwordResetRoutes;
