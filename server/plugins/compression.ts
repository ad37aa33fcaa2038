/**
 * API answers compressed for clients that accept it (every browser): a catalogue page,
 * 7 KB of JSON, is about 1.3 KB as brotli, which a phone on a slow network feels. Brotli
 * at quality 4 is cheap per answer (the site's files are compressed once, at build time,
 * at 11, and served as they are: plugins/static-site.ts opts out). Answers under 1 KB
 * go as they are: the saving would not pay for the work.
 */
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { constants } from 'node:zlib';

async function compression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}

export default fp(compression, { name: 'compression' });
