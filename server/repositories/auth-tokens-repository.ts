/** Sign-in tokens: issuing them and finding the session a token opens. */
import { isIP } from 'node:net';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { accountColumns, type AccountUser } from './users-repository.ts';

const USER_AGENT_MAX_LENGTH = 512;

export interface NewSession {
  userId: string;
  tokenHash: string;
  ttlDays: number;
  userAgent: string | undefined;
  ip: string | undefined;
}

export async function createSession(db: Db, session: NewSession): Promise<void> {
  // request.ip comes from X-Forwarded-For behind a trusted proxy, i.e. from a header:
  // store it only if it is an address, so odd input cannot fail the sign-in.
  const ip = session.ip && isIP(session.ip) ? session.ip : null;
  await db
    .insertInto('auth_tokens')
    .values({
      user_id: session.userId,
      token_hash: session.tokenHash,
      // The database clock sets both times, so expires_at > created_at always holds.
      expires_at: sql<Date>`now() + make_interval(days => ${session.ttlDays})`,
      user_agent: session.userAgent?.slice(0, USER_AGENT_MAX_LENGTH) ?? null,
      ip,
    })
    .execute();
}

export interface Session {
  tokenId: string;
  lastUsedAt: Date | null;
  /** By the database's clock. */
  expiresAt: Date;
  user: AccountUser;
}

/** The live session of a token hash: not revoked, not expired, its user not deleted. */
export async function findSession(db: Db, tokenHash: string): Promise<Session | undefined> {
  const row = await db
    .selectFrom('auth_tokens')
    .innerJoin('users', 'users.id', 'auth_tokens.user_id')
    .select(accountColumns)
    .select(['auth_tokens.id as token_id', 'auth_tokens.last_used_at', 'auth_tokens.expires_at'])
    .where('auth_tokens.token_hash', '=', tokenHash)
    .where('auth_tokens.revoked_at', 'is', null)
    .where('auth_tokens.expires_at', '>', sql<Date>`now()`)
    .where('users.deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) return undefined;
  const { token_id, last_used_at, expires_at, ...user } = row;
  return {
    tokenId: token_id,
    lastUsedAt: last_used_at,
    expiresAt: expires_at,
    user,
  };
}

/** Records use of a token, at most once a minute: a write per request would be waste. */
export async function touchSession(db: Db, tokenId: string): Promise<void> {
  await db
    .updateTable('auth_tokens')
    .set({ last_used_at: sql<Date>`now()` })
    .where('id', '=', tokenId)
    .where((eb) =>
      eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', sql<Date>`now() - interval '1 minute'`)]),
    )
    .execute();
}

export const SESSION_TOUCH_INTERVAL_MS = 60_000;

/** A user's live sessions (not revoked, not expired), newest first. */
export async function listSessions(db: Db, userId: string) {
  return db
    .selectFrom('auth_tokens')
    .select(['id', 'created_at', 'last_used_at', 'expires_at', 'user_agent', 'ip'])
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Revokes one live session of the user; false when there is none with this id. */
export async function revokeSession(db: Db, userId: string, tokenId: string): Promise<boolean> {
  const result = await db
    .updateTable('auth_tokens')
    .set({ revoked_at: sql<Date>`now()` })
    .where('id', '=', tokenId)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Revokes every live session of the user, or every one but `exceptTokenId`. */
export async function revokeAllSessions(db: Db, userId: string, exceptTokenId?: string | null): Promise<void> {
  let query = db
    .updateTable('auth_tokens')
    .set({ revoked_at: sql<Date>`now()` })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (exceptTokenId) query = query.where('id', '<>', exceptTokenId);
  await query.execute();
}
