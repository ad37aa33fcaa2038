/**
 * Bearer-token authentication. Routes that need a signed-in user add
 * `onRequest: app.authenticate`; it attaches `request.user` and `request.tokenId`, or
 * answers 401 `{detail}`. onRequest, before the body is read or validated: a signed-out
 * client learns that it is signed out, not what its body lacks. A missing header, an empty one, or "Bearer undefined" (what
 * the signed-out client sends, spec §4) is simply "not signed in".
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { bearerToken, hashToken, isWellFormedToken } from '../auth/tokens.ts';
import { ApiError } from '../lib/api-error.ts';
import { findSession, SESSION_TOUCH_INTERVAL_MS, touchSession } from '../repositories/auth-tokens-repository.ts';
import type { AccountUser } from '../repositories/users-repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    authenticate: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    /** The signed-in user; set by app.authenticate, null on public routes. */
    user: AccountUser | null;
    tokenId: string | null;
  }
}

/** The signed-in user of a route guarded by app.authenticate. */
export function signedInUser(request: FastifyRequest): AccountUser {
  if (!request.user) throw ApiError.notAuthenticated();
  return request.user;
}

async function auth(app: FastifyInstance): Promise<void> {
  app.decorateRequest('user', null);
  app.decorateRequest('tokenId', null);

  app.decorate('authenticate', async (request: FastifyRequest) => {
    const token = bearerToken(request.headers.authorization);
    // Malformed tokens are refused without a database round trip.
    if (!token || !isWellFormedToken(token)) throw ApiError.notAuthenticated();
    const session = await findSession(app.db, hashToken(token));
    if (!session) throw ApiError.notAuthenticated();
    request.user = session.user;
    request.tokenId = session.tokenId;
    const lastUsed = session.lastUsedAt?.getTime() ?? 0;
    if (Date.now() - lastUsed >= SESSION_TOUCH_INTERVAL_MS) await touchSession(app.db, session.tokenId);
  });
}

export default fp(auth, { name: 'auth', dependencies: ['db'] });
