/**
 * The Fastify application: plugins first, then the API routes, then the static site.
 * Built without listening, so tests drive it with `app.inject` and start.ts listens.
 */
import { existsSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyServerOptions,
  type onRouteHookHandler,
  type RawServerDefault,
} from 'fastify';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import mailerPlugin from './mail/mailer.ts';
import authPlugin from './plugins/auth.ts';
import benchRoutes from './plugins/bench-routes.ts';
import changeFeedPlugin from './plugins/change-feed.ts';
import clockPlugin, { type Clock } from './plugins/clock.ts';
import compressionPlugin from './plugins/compression.ts';
import configPlugin from './plugins/config.ts';
import corsPlugin from './plugins/cors.ts';
import dbPlugin from './plugins/db.ts';
import earningsJobPlugin from './plugins/earnings-job.ts';
import errorsPlugin, { frameworkErrorHandler } from './plugins/errors.ts';
import helmetPlugin from './plugins/helmet.ts';
import housekeepingPlugin from './plugins/housekeeping.ts';
import i18nPlugin from './plugins/i18n.ts';
import operatorSocketPlugin from './plugins/operator-socket.ts';
import paymentsPlugin from './plugins/payments.ts';
import pushPlugin, { type PushPluginOptions } from './plugins/push.ts';
import rateLimitsPlugin from './plugins/rate-limits.ts';
import secretsPlugin from './plugins/secrets.ts';
import staticSitePlugin from './plugins/static-site.ts';
import swaggerPlugin from './plugins/swagger.ts';
import validationPlugin from './plugins/validation.ts';
import routes from './routes/index.ts';

export type App = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

export interface AppOverrides {
  /** Use this database instead of opening one from the config (closed with the app). */
  db?: Db;
  /** Replaces the logger settings (tests pass `false`). */
  logger?: FastifyServerOptions['logger'];
  /** Replaces the system clock (tests move time instead of sleeping). */
  clock?: Clock;
  /** Web push delivery settings (tests send to a local push service). */
  push?: PushPluginOptions;
  /** Sees every route as it is registered, before any plugin (tests list the API's routes with it). */
  onRoute?: onRouteHookHandler;
}

/**
 * Largest accepted request body. API bodies are small JSON documents; this leaves room
 * for long text fields while keeping a single request's memory bounded.
 */
export const BODY_LIMIT_BYTES = 100 * 1024;

export async function buildApp(config: Config, overrides: AppOverrides = {}): Promise<App> {
  const app: App = Fastify({
    logger: overrides.logger ?? {
      level: config.logLevel,
      // Tokens and passwords never reach the log.
      redact: ['req.headers.authorization', 'req.headers.cookie'],
    },
    // Fastify accepts a hop count at run time (proxy-addr), though its types omit it.
    trustProxy: config.trustProxy as boolean | string[],
    bodyLimit: BODY_LIMIT_BYTES,
    // A device's registration_id is a path parameter of up to 255 characters; above
    // Fastify's default 100. Longer ones still reach the route, whose schema says why not.
    routerOptions: { maxParamLength: 1024 },
    frameworkErrors: frameworkErrorHandler,
  }).withTypeProvider<TypeBoxTypeProvider>();
  if (overrides.onRoute) app.addHook('onRoute', overrides.onRoute);

  // The API speaks JSON only: without this, text/plain bodies would be accepted as
  // strings, and the client would get "must be an object" instead of 415.
  app.removeContentTypeParser('text/plain');

  await app.register(configPlugin, { config });
  await app.register(clockPlugin, { clock: overrides.clock });
  await app.register(validationPlugin);
  await app.register(i18nPlugin);
  await app.register(errorsPlugin);
  await app.register(helmetPlugin);
  await app.register(corsPlugin);
  await app.register(compressionPlugin);
  await app.register(swaggerPlugin);
  await app.register(dbPlugin, { db: overrides.db });
  await app.register(changeFeedPlugin);
  await app.register(secretsPlugin);
  await app.register(rateLimitsPlugin);
  await app.register(mailerPlugin);
  await app.register(housekeepingPlugin);
  await app.register(paymentsPlugin);
  await app.register(pushPlugin, overrides.push ?? {});
  await app.register(earningsJobPlugin);
  await app.register(operatorSocketPlugin);
  await app.register(authPlugin);
  await app.register(routes);
  if (config.benchRoutes) await app.register(benchRoutes);

  const siteDir = config.siteDir === null ? null : path.resolve(config.siteDir);
  if (siteDir && existsSync(siteDir)) {
    await app.register(staticSitePlugin, { root: siteDir });
  } else {
    app.log.info({ siteDir }, 'no built site: serving the API only');
  }
  return app;
}
