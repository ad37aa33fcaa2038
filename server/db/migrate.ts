/**
 * Brings the schema up to date at start. Safe when several processes start at once on
 * one PostgreSQL server: the whole run happens in one transaction that first takes an
 * advisory lock, so a second process waits, then finds nothing left to do. The
 * transaction also makes a failed run leave the schema as it was.
 */
import { sql } from 'kysely';
import { Migrator, type MigrationResult } from 'kysely/migration';
import type { Db } from './database.ts';
import { migrations } from './migrations/index.ts';

/** Arbitrary but fixed: identifies "HashHarbor schema migration" among advisory locks. */
const MIGRATION_LOCK_KEY = 727_274_001;

export class MigrationError extends Error {
  constructor(migrationName: string | undefined, cause: unknown) {
    super(
      `Database migration ${migrationName ?? ''} failed: ${cause instanceof Error ? cause.message : String(cause)}`,
      {
        cause,
      },
    );
    this.name = 'MigrationError';
  }
}

/** Runs the pending migrations; returns the names of those it ran. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${sql.lit(MIGRATION_LOCK_KEY)})`.execute(trx);
    const migrator = new Migrator({ db: trx, provider: { getMigrations: async () => migrations } });
    const { error, results = [] } = await migrator.migrateToLatest();
    if (error) throw new MigrationError(results.find((result) => result.status === 'Error')?.migrationName, error);
    return results
      .filter((result: MigrationResult) => result.status === 'Success')
      .map((result) => result.migrationName);
  });
}
