/** Two-factor state: the TOTP secrets of users, recovery codes, and sign-in challenges. */
import type { Db } from '../db/database.ts';

export async function totpState(db: Db, userId: string) {
  return db
    .selectFrom('users')
    .select(['totp_secret', 'totp_pending_secret', 'totp_last_step'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

export async function setPendingTotpSecret(db: Db, userId: string, sealedSecret: string): Promise<void> {
  await db.updateTable('users').set({ totp_pending_secret: sealedSecret }).where('id', '=', userId).execute();
}

/**
 * Records that the code of `step` was used, if no later or equal step was: true when
 * accepted. Atomic, so two requests with one code cannot both pass (RFC 6238 §5.2).
 */
export async function acceptTotpStep(db: Db, userId: string, step: number): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ totp_last_step: String(step) })
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', String(step))]))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Turns two-factor on with the pending secret, if it is still the one that was checked;
 * replaces the recovery codes. False when two-factor was turned on meanwhile. Run it in
 * a transaction (with what else the change brings, its notification).
 */
export async function activateTotp(
  trx: Db,
  userId: string,
  sealedSecret: string,
  step: number,
  recoveryCodeHashes: string[],
): Promise<boolean> {
  const result = await trx
    .updateTable('users')
    .set({ totp_secret: sealedSecret, totp_pending_secret: null, totp_last_step: String(step) })
    .where('id', '=', userId)
    .where('totp_secret', 'is', null)
    .where('totp_pending_secret', '=', sealedSecret)
    .executeTakeFirst();
  if (result.numUpdatedRows === 0n) return false;
  await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  await trx
    .insertInto('recovery_codes')
    .values(recoveryCodeHashes.map((code_hash) => ({ user_id: userId, code_hash })))
    .execute();
  return true;
}

/** Turns two-factor off, with its recovery codes and challenges. Run it in a transaction. */
export async function deactivateTotp(trx: Db, userId: string): Promise<void> {
  await trx
    .updateTable('users')
    .set({ totp_secret: null, totp_pending_secret: null, totp_last_step: null })
    .where('id', '=', userId)
    .execute();
  await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  await trx.deleteFrom('two_factor_challenges').where('user_id', '=', userId).execute();
}

/** Uses an unused recovery code of the user: true when it was one. */
export async function useRecoveryCode(db: Db, userId: string, codeHash: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('recovery_codes')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export interface NewChallenge {
  userId: string;
  challengeHash: string;
  createdAt: Date;
  expiresAt: Date;
}

export async function createChallenge(db: Db, challenge: NewChallenge): Promise<void> {
  await db
    .insertInto('two_factor_challenges')
    .values({
      user_id: challenge.userId,
      challenge_hash: challenge.challengeHash,
      created_at: challenge.createdAt,
      expires_at: challenge.expiresAt,
    })
    .execute();
}

export async function findChallenge(db: Db, challengeHash: string) {
  return db
    .selectFrom('two_factor_challenges')
    .selectAll()
    .where('challenge_hash', '=', challengeHash)
    .executeTakeFirst();
}

export async function countChallengeFailure(db: Db, id: string): Promise<void> {
  await db
    .updateTable('two_factor_challenges')
    .set((eb) => ({ failed_attempts: eb('failed_attempts', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

/** Marks the challenge used; false when another request used it first. */
export async function useChallenge(db: Db, id: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('two_factor_challenges')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function deleteExpiredChallenges(db: Db, before: Date): Promise<void> {
  await db.deleteFrom('two_factor_challenges').where('expires_at', '<', before).execute();
}

export async function deleteTwoFactorDataOfUser(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  await db.deleteFrom('two_factor_challenges').where('user_id', '=', userId).execute();
}
