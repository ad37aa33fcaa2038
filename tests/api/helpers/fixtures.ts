/** Rows the seed does not provide, inserted straight into the test database. */
import { randomBytes } from 'node:crypto';
import type { Db } from '../../../server/db/database.ts';
import type { NewUser } from '../../../server/db/schema.ts';

/**
 * Another account. Its password hash is deliberately unusable (hashing a real one costs
 * a third of a second); sign in as the demo user to act.
 */
export async function insertUser(
  db: Db,
  fields: Partial<NewUser> & Pick<NewUser, 'username'>,
): Promise<{ id: number }> {
  const row = await db
    .insertInto('users')
    .values({
      email: `${fields.username}@example.test`,
      password_hash: 'scrypt$unusable',
      referral_code: randomBytes(5).toString('hex').toUpperCase(),
      ...fields,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: Number(row.id) };
}
