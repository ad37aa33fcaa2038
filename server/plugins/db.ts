/** The database as `app.db`, created from the config unless one is handed in (tests). */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createDatabase, type Db } from '../db/database.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
  }
}

export interface DbPluginOptions {
  db?: Db;
}

async function db(app: FastifyInstance, options: DbPluginOptions): Promise<void> {
  const database =
    options.db ??
    createDatabase(app.config.database, {
      onPoolError: (error) => app.log.warn({ err: error }, 'idle database connection failed'),
    });
  app.decorate('db', database);
  // onClose hooks run after the server has stopped accepting requests and finished the
  // running ones, so no request sees a closed database.
  app.addHook('onClose', async () => {
    await database.destroy();
  });
}

export default fp(db, { name: 'db', dependencies: ['config'] });
