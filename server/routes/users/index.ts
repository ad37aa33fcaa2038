/**
 * The user's own profile: GET, PUT, PATCH and DELETE /api/users/{id}/, and POST
 * /api/users/{id}/verify_email/. Any id but your own is a 404 ("forbidden" would confirm
 * that the account exists).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { deleteUser, getUser, replaceUser, updateUser, verifyEmail } from '../../../contracts/users.ts';
import { checkCode, spendCode } from '../../auth/one-time-codes.ts';
import { verifyPassword } from '../../auth/passwords.ts';
import { acceptSecondFactor } from '../../auth/two-factor.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { inTransaction } from '../../db/in-transaction.ts';
import { ApiError, type FieldMessages } from '../../lib/api-error.ts';
import { notify } from '../../notifications/notify.ts';
import { signedInUser } from '../../plugins/auth.ts';
import { revokeAllSessions } from '../../repositories/auth-tokens-repository.ts';
import { deleteCodesOfUser } from '../../repositories/one-time-codes-repository.ts';
import { deleteTwoFactorDataOfUser } from '../../repositories/two-factor-repository.ts';
import {
  anonymiseUser,
  emailTaken,
  findAccount,
  findUserById,
  toUser,
  type AccountUser,
} from '../../repositories/users-repository.ts';
import { editProfile } from './edit-profile.ts';

/** The signed-in user, when the path names them; anyone else is "not found". */
export function ownAccount(request: FastifyRequest<{ Params: { id: number } }>): AccountUser {
  const user = signedInUser(request);
  if (request.params.id !== Number(user.id)) throw ApiError.notFound();
  return user;
}

const userRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...getUser,
    onRequest: app.authenticate,
    handler: async (request) => toUser(ownAccount(request)),
  });

  app.route({
    ...replaceUser,
    onRequest: app.authenticate,
    handler: async (request) => editProfile(app, request, ownAccount(request), request.body),
  });

  app.route({
    ...updateUser,
    onRequest: app.authenticate,
    handler: async (request) => editProfile(app, request, ownAccount(request), request.body),
  });

  app.route({
    ...verifyEmail,
    onRequest: app.authenticate,
    handler: async (request) => {
      const user = ownAccount(request);
      const newEmail = user.pending_email;
      if (!newEmail) throw ApiError.fields({ code: [{ key: 'error.codeInvalid' }] });
      const row = await checkCode(app, {
        purpose: 'email_change',
        email: newEmail,
        userId: user.id,
        code: request.body.code.trim(),
        ip: request.ip,
      });
      const taken = () => ApiError.fields({ code: [{ key: 'error.emailTaken' }] });
      if (await emailTaken(app.db, newEmail, user.id)) throw taken();
      await spendCode(app, row);
      try {
        await inTransaction(app.db, async (trx) => {
          await trx
            .updateTable('users')
            .set({ email: newEmail, pending_email: null, is_verified: true })
            .where('id', '=', user.id)
            .execute();
          await notify(trx, user.id, 'email_changed', { email: newEmail });
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw taken();
        throw error;
      }
      return toUser((await findAccount(app.db, user.id))!);
    },
  });

  app.route({
    ...deleteUser,
    // The spec's client sends DELETE without a body: that is an empty confirmation, not a malformed request.
    preValidation: async (request) => {
      request.body ??= {};
    },
    onRequest: app.authenticate,
    handler: async (request, reply) => {
      const user = ownAccount(request);
      const row = (await findUserById(app.db, user.id))!;
      const { password, confirm, code } = request.body ?? {};
      const fields: FieldMessages = {};
      if (row.password_hash) {
        if (!password) fields.password = [{ key: 'error.required' }];
        else {
          // Guessing the password through this form is as limited as through the login.
          const attempt = await app.rateLimits.consume('loginPerAccount', `user:${row.id}`);
          if (await verifyPassword(password, row.password_hash)) await attempt.refund();
          else fields.password = [{ key: 'error.currentPasswordWrong' }];
        }
      } else if (confirm !== 'DELETE') {
        fields.confirm = [{ key: 'error.deleteConfirm' }];
      }
      if (row.totp_secret) {
        if (!code) fields.code = [{ key: 'error.required' }];
        // Only with the first confirmation right, so a typo there does not spend a code.
        else if (Object.keys(fields).length === 0 && !(await acceptSecondFactor(app, row.id, code)))
          fields.code = [{ key: 'error.totpInvalid' }];
      }
      if (Object.keys(fields).length > 0) throw ApiError.fields(fields);

      await app.db.transaction().execute(async (trx) => {
        await revokeAllSessions(trx, row.id);
        await deleteCodesOfUser(trx, row.id);
        await deleteTwoFactorDataOfUser(trx, row.id);
        await anonymiseUser(trx, row.id, app.clock.now());
      });
      request.log.info({ userId: row.id }, 'account deleted');
      return reply.code(204).send(null);
    },
  });
};

export default userRoutes;
