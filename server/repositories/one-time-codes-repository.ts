/** One-time codes (table one_time_codes): only the newest of a scope is ever checked. */
import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../db/database.ts';
import type { CodePurpose, Database } from '../db/schema.ts';

/**
 * Which codes replace each other: those sent to one address for one purpose, or, for an
 * email change, those of one account (two accounts may want the same new address).
 */
export type CodeScope = { purpose: CodePurpose; email: string } | { purpose: 'email_change'; userId: string };

export interface NewCode {
  purpose: CodePurpose;
  email: string;
  userId: string | null;
  codeHash: string;
  createdAt: Date;
  expiresAt: Date;
}

function inScope(eb: ExpressionBuilder<Database, 'one_time_codes'>, scope: CodeScope) {
  return eb.and([
    eb('purpose', '=', scope.purpose),
    'userId' in scope ? eb('user_id', '=', scope.userId) : eb('email', '=', scope.email.toLowerCase()),
  ]);
}

export async function latestCode(db: Db, scope: CodeScope) {
  return db
    .selectFrom('one_time_codes')
    .selectAll()
    .where((eb) => inScope(eb, scope))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Stores a new code and drops the older ones of its scope: they stop working. */
export async function replaceCodes(db: Db, scope: CodeScope, code: NewCode): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('one_time_codes')
      .where((eb) => inScope(eb, scope))
      .execute();
    await trx
      .insertInto('one_time_codes')
      .values({
        purpose: code.purpose,
        email: code.email.toLowerCase(),
        user_id: code.userId,
        code_hash: code.codeHash,
        created_at: code.createdAt,
        expires_at: code.expiresAt,
      })
      .execute();
  });
}

/** Counts a wrong try; returns the code's count of wrong tries. */
export async function countFailedAttempt(db: Db, id: string): Promise<number> {
  const row = await db
    .updateTable('one_time_codes')
    .set((eb) => ({ failed_attempts: eb('failed_attempts', '+', 1) }))
    .where('id', '=', id)
    .returning('failed_attempts')
    .executeTakeFirst();
  return row?.failed_attempts ?? Number.POSITIVE_INFINITY;
}

/** Marks the code used; false when another request used it first. */
export async function useCode(db: Db, id: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('one_time_codes')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function deleteCodesOfUser(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('one_time_codes').where('user_id', '=', userId).execute();
}

export async function deleteExpiredCodes(db: Db, before: Date): Promise<void> {
  await db.deleteFrom('one_time_codes').where('expires_at', '<', before).execute();
}
