/** Signing in (registration, one-time codes, two-factor and sign-out come later). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { login } from '../../../contracts/auth.ts';
import { prepareDummyHash, verifyAgainstDummy, verifyPassword } from '../../auth/passwords.ts';
import { generateToken } from '../../auth/tokens.ts';
import { ApiError } from '../../lib/api-error.ts';
import { createSession } from '../../repositories/auth-tokens-repository.ts';
import { findUserForSignIn, toUser } from '../../repositories/users-repository.ts';

const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // In the background, so the first sign-in with an unknown name is not the slow one.
  app.addHook('onReady', async () => {
    prepareDummyHash().catch((error: unknown) => app.log.error({ err: error }, 'cannot prepare the dummy hash'));
  });

  app.route({
    ...login,
    handler: async (request) => {
      const { username, password } = request.body;
      const user = await findUserForSignIn(app.db, username);
      // Unknown account: hash anyway, so the answer takes as long as for a wrong password
      // and gives the same message; neither reveals which accounts exist.
      const valid = user ? await verifyPassword(password, user.password_hash) : await verifyAgainstDummy(password);
      if (!user || !valid) throw ApiError.detail(400, 'error.invalidCredentials');

      const { token, hash } = generateToken();
      await createSession(app.db, {
        userId: user.id,
        tokenHash: hash,
        ttlDays: app.config.tokenTtlDays,
        userAgent: request.headers['user-agent'],
        ip: request.ip,
      });
      const { password_hash: _passwordHash, ...account } = user;
      return { token, user: toUser(account) };
    },
  });
};

export default authRoutes;
