/**
 * Bearer tokens: 32 random bytes, base64url (43 characters). Only their sha256 is
 * stored, so a leaked database cannot be replayed as sessions; sha256 (not a slow hash)
 * is enough because the tokens are random, not guessable like passwords.
 */
import { createHash, randomBytes } from 'node:crypto';

const TOKEN_BYTES = 32;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface NewToken {
  /** Given to the client once, never stored. */
  token: string;
  /** What the database keeps. */
  hash: string;
}

export function generateToken(): NewToken {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Cheap shape check, so garbage never costs a database query. */
export function isWellFormedToken(value: string): boolean {
  return TOKEN_PATTERN.test(value);
}

export function tokenExpiry(now: Date, ttlDays: number): Date {
  return new Date(now.getTime() + ttlDays * DAY_MS);
}

/**
 * The token from an `Authorization: Bearer <token>` header, or null. The client sends
 * the header empty, or with "undefined", when signed out (spec §4): that is simply
 * "no token", not a malformed request.
 */
export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  const token = match?.[1];
  if (!token || token === 'undefined' || token === 'null') return null;
  return token;
}
