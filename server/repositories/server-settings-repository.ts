/** Server-wide settings shared by every instance on the database. */
import type { Db } from '../db/database.ts';

/**
 * The setting's value; the first caller stores `initial` (instances starting together
 * agree: only one insert wins, and everyone reads the winner).
 */
export async function settingOrInit(db: Db, name: string, initial: () => string): Promise<string> {
  await db
    .insertInto('server_settings')
    .values({ name, value: initial() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('server_settings').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return row.value;
}
