/** The miner catalogue: GET /api/miners/ (?acquisition=rent|buy) and GET /api/miners/{id}/. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { getMiner, listMiners } from '../../../contracts/miners.ts';
import { ApiError } from '../../lib/api-error.ts';
import { FactCache } from '../../lib/fact-cache.ts';
import { pageLinks, pageWindow, readPage } from '../../lib/pagination.ts';
import { findMiner, onSaleMinersCount, onSaleMinersQuery, toMiner } from '../../repositories/miners-repository.ts';

/**
 * Catalogue pages, as the bytes of their JSON, by the request's URL (path and query, which
 * decide the page and its links): the catalogue is the same for every signed-in client,
 * and the most read list. Serializing and encoding a page costs more CPU than the rest of
 * the request (bench:api). lib/fact-cache.ts empties it on any change to miners or coins,
 * here at once and on other instances by NOTIFY; a purchase (stock) is one.
 */
const CATALOGUE_CACHE_PAGES = 1_000;
const CATALOGUE_CACHE_MAX_AGE_MS = 60_000;
/** What Fastify sends with a serialized object. */
const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

const minerRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const pages = new FactCache<string, Buffer>(app.changeFeed, ['miners', 'coins'], {
    maxEntries: CATALOGUE_CACHE_PAGES,
    maxAgeMs: CATALOGUE_CACHE_MAX_AGE_MS,
  });
  app.addHook('onClose', async () => pages.close());

  app.route({
    ...listMiners,
    onRequest: app.authenticate,
    handler: async (request, reply) => {
      const body = await pages.read(request.url, async () => {
        const { acquisition } = request.query;
        const window = pageWindow(request.query);
        const page = await readPage(
          window,
          onSaleMinersQuery(app.db, acquisition),
          onSaleMinersCount(app.db, acquisition),
        );
        const links = pageLinks(request.url, window.limit, window.offset, page.count);
        // The route's response schema serializes it, as it would the returned object.
        const json = reply.serialize({ count: page.count, ...links, results: page.results.map(toMiner) }) as string;
        return Buffer.from(json);
      });
      // Already serialized (typed as the schema's object, which it is, as bytes).
      return reply.type(JSON_CONTENT_TYPE).send(body as never);
    },
  });

  app.route({
    ...getMiner,
    onRequest: app.authenticate,
    handler: async (request) => {
      const miner = await findMiner(app.db, request.params.id);
      if (!miner) throw ApiError.notFound();
      return toMiner(miner);
    },
  });
};

export default minerRoutes;
