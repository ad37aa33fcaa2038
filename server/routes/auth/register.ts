/**
 * POST /api/register/: an unconfirmed account and a code to its email. Registering
 * again with the email of an unconfirmed account replaces that registration (its owner
 * may have lost the code, or mistyped the password), since nobody has proved owning it.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { register } from '../../../contracts/registration.ts';
import { issueCode } from '../../auth/one-time-codes.ts';
import { newPasswordProblem } from '../../auth/password-policy.ts';
import { hashPassword } from '../../auth/passwords.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { UserRow } from '../../db/schema.ts';
import { ApiError, type FieldMessages } from '../../lib/api-error.ts';
import { findReferrer, findUserByEmail, insertUser, usernameTaken } from '../../repositories/users-repository.ts';

/** Names deleted accounts get (`deleted-<id>`) are never given out. */
const RESERVED_USERNAME = /^deleted-/i;

const registerRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...register,
    handler: async (request, reply) => {
      const { username, email, password } = request.body;
      const referralCode = request.body.referral_code?.trim() || null;
      const language = request.body.language ?? request.locale;
      const attempt = await app.rateLimits.consume('registerPerIp', request.ip);

      const pending = await findUserByEmail(app.db, email);
      const replacing = pending && !pending.is_verified ? pending : null;
      const fields: FieldMessages = {};
      if (RESERVED_USERNAME.test(username) || (await usernameTaken(app.db, username, replacing?.id)))
        fields.username = [{ key: 'error.usernameTaken' }];
      if (pending && !replacing) fields.email = [{ key: 'error.emailTaken' }];
      const passwordProblem = newPasswordProblem(password, { username, email });
      if (passwordProblem) fields.password = [passwordProblem];
      const referrer = referralCode ? await findReferrer(app.db, referralCode) : undefined;
      if (referralCode && !referrer) fields.referral_code = [{ key: 'error.referralUnknown' }];
      if (Object.keys(fields).length > 0) {
        // A form with mistakes is not a registration: it does not count against the limit.
        await attempt.refund();
        throw ApiError.fields(fields);
      }

      const values = {
        username,
        email,
        password_hash: await hashPassword(password),
        language,
        referred_by: referrer && referrer.id !== replacing?.id ? referrer.id : null,
      };
      let user: UserRow;
      try {
        user = replacing
          ? await app.db
              .updateTable('users')
              .set(values)
              .where('id', '=', replacing.id)
              .where('is_verified', '=', false)
              .returningAll()
              .executeTakeFirstOrThrow()
          : await insertUser(app.db, values);
      } catch (error) {
        // Someone took the username or the email between the check and now.
        if (!isUniqueViolation(error)) throw error;
        const clash = String((error as { constraint?: string }).constraint);
        throw ApiError.fields(
          clash.includes('email')
            ? { email: [{ key: 'error.emailTaken' }] }
            : { username: [{ key: 'error.usernameTaken' }] },
        );
      }

      const { resendAfter } = await issueCode(app, {
        purpose: 'signup',
        email,
        recipient: { userId: user.id, email, username: user.username, language: user.language },
        ip: request.ip,
        cooldown: 'ignore',
      });
      return reply
        .code(201)
        .send({ detail: request.t('notice.accountCreated', { email }), email, resend_after: resendAfter });
    },
  });
};

export default registerRoutes;
