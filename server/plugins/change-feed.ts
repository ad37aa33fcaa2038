/**
 * The change feed (db/change-feed.ts) as `app.changeFeed`, for the caches of the session
 * lookup (plugins/auth.ts) and the catalogue (routes/miners). It listens from onReady
 * until onClose.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createChangeFeed, type ChangeFeed } from '../db/change-feed.ts';
import { databaseSource } from '../db/database.ts';

declare module 'fastify' {
  interface FastifyInstance {
    changeFeed: ChangeFeed;
  }
}

async function changeFeed(app: FastifyInstance): Promise<void> {
  const feed = createChangeFeed(databaseSource(app.db), {
    onListenerError: (error) =>
      app.log.warn({ err: error }, 'change listener lost: caches bypassed until it reconnects'),
    onListenerRestored: () => app.log.info('change listener reconnected: caches cleared and in use again'),
  });
  app.decorate('changeFeed', feed);
  app.addHook('onReady', async () => feed.start());
  app.addHook('onClose', async () => feed.close());
}

export default fp(changeFeed, { name: 'change-feed', dependencies: ['db'] });
