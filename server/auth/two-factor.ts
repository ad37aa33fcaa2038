/**
 * The second factor: a current authenticator code (each time step accepted once per
 * account) or an unused recovery code; and the challenge that carries a sign-in from
 * its first factor to its second.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../lib/api-error.ts';
import {
  acceptTotpStep,
  countChallengeFailure,
  createChallenge,
  findChallenge,
  totpState,
  useChallenge,
  useRecoveryCode,
} from '../repositories/two-factor-repository.ts';
import { unseal } from './secret-box.ts';
import { hashToken } from './tokens.ts';
import { hashRecoveryCode, matchTotp, normalizeRecoveryCode } from './totp.ts';

export const CHALLENGE_TTL_MINUTES = 10;
/** Wrong codes a challenge survives; then the sign-in starts over (the first factor again). */
export const CHALLENGE_MAX_FAILED_ATTEMPTS = 5;

/** True when `code` is a current authenticator code of the user's active secret. */
export async function acceptAuthenticatorCode(
  app: FastifyInstance,
  userId: string,
  code: string,
  sealedSecret: string | null,
): Promise<boolean> {
  if (!sealedSecret) return false;
  const secret = unseal((await app.keys()).totpSecrets, sealedSecret);
  if (!secret) throw new Error(`the TOTP secret of user ${userId} cannot be unsealed (SECRET_KEY changed?)`);
  const step = matchTotp(secret, code.trim(), app.clock.now());
  return step !== null && (await acceptTotpStep(app.db, userId, step));
}

/** A current authenticator code or an unused recovery code (used up by this call). */
export async function acceptSecondFactor(app: FastifyInstance, userId: string, code: string): Promise<boolean> {
  const state = await totpState(app.db, userId);
  if (!state?.totp_secret) return false;
  if (/^\s*\d{6}\s*$/.test(code)) return acceptAuthenticatorCode(app, userId, code, state.totp_secret);
  const recovery = normalizeRecoveryCode(code);
  if (!recovery) return false;
  const hash = hashRecoveryCode((await app.keys()).codes, userId, recovery);
  return useRecoveryCode(app.db, userId, hash, app.clock.now());
}

/** A new challenge for the user: opaque to the client, stored as its sha256. */
export async function issueChallenge(app: FastifyInstance, userId: string): Promise<string> {
  const challenge = randomBytes(32).toString('base64url');
  const now = app.clock.now();
  await createChallenge(app.db, {
    userId,
    challengeHash: hashToken(challenge),
    createdAt: now,
    expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MINUTES * 60_000),
  });
  return challenge;
}

/**
 * Checks the code of a challenge; answers the user id once both are right, and the
 * challenge is then used up. Code checks are rate-limited per IP (failures count).
 */
export async function passChallenge(
  app: FastifyInstance,
  challenge: string,
  code: string,
  ip: string,
): Promise<string> {
  const attempt = await app.rateLimits.consume('codeCheckPerIp', ip);
  const now = app.clock.now();
  const row = await findChallenge(app.db, hashToken(challenge));
  const expired = () => ApiError.fields({ challenge: [{ key: 'error.challengeExpired' }] });
  if (!row || row.used_at || row.expires_at <= now || row.failed_attempts >= CHALLENGE_MAX_FAILED_ATTEMPTS) {
    throw expired();
  }
  if (!(await acceptSecondFactor(app, row.user_id, code))) {
    await countChallengeFailure(app.db, row.id);
    throw ApiError.fields({ code: [{ key: 'error.totpInvalid' }] });
  }
  if (!(await useChallenge(app.db, row.id, now))) throw expired();
  await attempt.refund();
  return row.user_id;
}
