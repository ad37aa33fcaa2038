/**
 * Change notifications for the API's caches (issue 6): a write to a cached table, by any
 * process (another API instance, the operator's console, psql), sends
 * NOTIFY hashharbor_changes '<table>' when it commits; each API instance LISTENs
 * (server/db/change-feed.ts) and empties the caches over that table. The same writes
 * count as changes as in server/db/watched-writes.ts, which sees this process's own:
 * - miners and coins (the catalogue): every insert, update, delete and truncate;
 * - users and auth_tokens (sessions): updates, deletes and truncates. A new row changes
 *   no cached session; an upsert's update fires the update trigger.
 * - auth_tokens: not an update that changes only last_used_at, the once-a-minute touch
 *   of every signed-in client, which no cache serves.
 * Statement-level triggers send one notification per statement, and PostgreSQL folds
 * equal notifications of one transaction into one. Forward-only, like every migration.
 */
import { sql, type Kysely } from 'kysely';

export const CHANGES_CHANNEL = 'hashharbor_changes';

export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    sql`
      create function notify_cached_table_change() returns trigger language plpgsql as $$
      begin
        perform pg_notify(${sql.lit(CHANGES_CHANNEL)}, tg_table_name);
        return null;
      end
      $$`,
    ...['miners', 'coins'].map(
      (table) => sql`
        create trigger ${sql.raw(`${table}_notify_change`)}
          after insert or update or delete or truncate on ${sql.table(table)}
          for each statement execute function notify_cached_table_change()`,
    ),
    sql`
      create trigger users_notify_change after update or delete or truncate on users
        for each statement execute function notify_cached_table_change()`,
    sql`
      create trigger auth_tokens_notify_removal after delete or truncate on auth_tokens
        for each statement execute function notify_cached_table_change()`,
    // Row by row, to tell the touch from a revocation; a revocation of many tokens still
    // sends one notification (folded at commit).
    sql`
      create trigger auth_tokens_notify_change after update on auth_tokens
        for each row
        when ((to_jsonb(old) - 'last_used_at') is distinct from (to_jsonb(new) - 'last_used_at'))
        execute function notify_cached_table_change()`,
  ];
  for (const statement of statements) await statement.execute(db);
}
