/** POST /api/login/: a username or email and a password. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { login } from '../../../contracts/auth.ts';
import { issueCode } from '../../auth/one-time-codes.ts';
import {
  hashPassword,
  needsRehash,
  prepareDummyHash,
  verifyAgainstDummy,
  verifyPassword,
} from '../../auth/passwords.ts';
import { signIn } from '../../auth/sign-in.ts';
import { ApiError } from '../../lib/api-error.ts';
import { findUserForSignIn, setPasswordHash } from '../../repositories/users-repository.ts';

const loginRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // In the background, so the first sign-in with an unknown name is not the slow one.
  app.addHook('onReady', async () => {
    prepareDummyHash().catch((error: unknown) => app.log.error({ err: error }, 'cannot prepare the dummy hash'));
  });

  app.route({
    ...login,
    handler: async (request) => {
      const { username, password } = request.body;
      const byIp = await app.rateLimits.consume('loginPerIp', request.ip);
      const user = await findUserForSignIn(app.db, username);
      // Per account, whichever name it was asked by; unknown names are limited alike.
      const byAccount = await app.rateLimits.consume(
        'loginPerAccount',
        user ? `user:${user.id}` : `name:${username.toLowerCase()}`,
      );
      // Unknown account (or one without a password): hash anyway, so the answer takes as
      // long as for a wrong password and gives the same message.
      const valid = user?.password_hash
        ? await verifyPassword(password, user.password_hash)
        : await verifyAgainstDummy(password);
      if (!user || !valid) throw ApiError.detail(400, 'error.invalidCredentials');
      // Only failed attempts count against the limits.
      await Promise.all([byIp.refund(), byAccount.refund()]);

      if (needsRehash(user.password_hash!)) {
        hashPassword(password)
          .then((hash) => setPasswordHash(app.db, user.id, hash))
          .catch((error: unknown) => app.log.warn({ err: error }, 'cannot rehash a password'));
      }

      if (!user.is_verified && user.email) {
        // The right password for an unconfirmed account: send a fresh code (unless one
        // just went) and send the client to the code screen.
        await issueCode(app, {
          purpose: 'signup',
          email: user.email,
          recipient: { userId: user.id, email: user.email, username: user.username, language: user.language },
          ip: request.ip,
          cooldown: 'skip',
        }).catch((error: unknown) => {
          if (!(error instanceof ApiError && error.statusCode === 429)) throw error;
        });
        throw ApiError.detail(403, 'error.unverified').withData({ code: 'unverified', email: user.email });
      }
      return signIn(app, request, user, { notify: true });
    },
  });
};

export default loginRoutes;
