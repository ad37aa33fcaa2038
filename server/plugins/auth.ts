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
import { FactCache } from '../lib/fact-cache.ts';
import {
  findSession,
  SESSION_TOUCH_INTERVAL_MS,
  touchSession,
  type Session,
} from '../repositories/auth-tokens-repository.ts';
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

/**
 * The session cache: token hash -> session, so that a signed-in request needs no
 * database round trip (bench:api). lib/fact-cache.ts keeps it exact: any change to
 * users or auth_tokens (a revocation, a password change, a deletion, a profile edit)
 * empties it, here at once and on other instances by NOTIFY, a few ms later.
 */
const SESSION_CACHE_ENTRIES = 10_000;
const SESSION_CACHE_MAX_AGE_MS = 60_000;
/**
 * A session expires by the database's clock (expires_at > now()); the cache compares with
 * this process's clock instead, and stops serving a session this long before its
 * expiry, so that clocks that differ by less never let an expired token through. The
 * database then decides, as without a cache.
 */
const EXPIRY_MARGIN_MS = 60_000;

async function auth(app: FastifyInstance): Promise<void> {
  app.decorateRequest('user', null);
  app.decorateRequest('tokenId', null);

  const sessions = new FactCache<string, Session>(app.changeFeed, ['users', 'auth_tokens'], {
    maxEntries: SESSION_CACHE_ENTRIES,
    maxAgeMs: SESSION_CACHE_MAX_AGE_MS,
    stillValid: (session) => session.expiresAt.getTime() - EXPIRY_MARGIN_MS > Date.now(),
  });
  app.addHook('onClose', async () => sessions.close());

  app.decorate('authenticate', async (request: FastifyRequest) => {
    const token = bearerToken(request.headers.authorization);
    // Malformed tokens are refused without a database round trip.
    if (!token || !isWellFormedToken(token)) throw ApiError.notAuthenticated();
    const tokenHash = hashToken(token);
    const session = await sessions.read(tokenHash, () => findSession(app.db, tokenHash));
    if (!session) throw ApiError.notAuthenticated();
    // A copy: a route that changed request.user must not change the cached session.
    request.user = { ...session.user };
    request.tokenId = session.tokenId;
    const lastUsed = session.lastUsedAt?.getTime() ?? 0;
    if (Date.now() - lastUsed >= SESSION_TOUCH_INTERVAL_MS) {
      // The touch writes only last_used_at, which empties no cache (db/watched-writes.ts);
      // the cached session learns it here, or it would touch on every request.
      await touchSession(app.db, session.tokenId);
      session.lastUsedAt = new Date();
    }
  });
}

export default fp(auth, { name: 'auth', dependencies: ['db', 'change-feed'] });
