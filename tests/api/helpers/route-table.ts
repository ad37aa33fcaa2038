/**
 * The API's routes as the app itself registered them, so the fuzz and access suites
 * cover a new endpoint the moment it exists. Pass `routeTable.onRoute` to createTestApp,
 * then read `routeTable.routes(app)` once the app is ready.
 *
 * A route is "authenticated" when its onRequest or preHandler hooks include
 * app.authenticate: the hooks that actually run, not what the contract documents.
 */
import { Ajv, type ValidateFunction } from 'ajv';
import ajvFormats from 'ajv-formats';
import type { RouteOptions } from 'fastify';
import type { App } from '../../../server/app.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteSchemas {
  params?: JsonSchema;
  querystring?: JsonSchema;
  body?: JsonSchema;
  response?: Record<string, JsonSchema>;
}

/** A JSON Schema as TypeBox writes it (plain objects). */
export type JsonSchema = Record<string, unknown>;

export interface ApiRoute {
  method: HttpMethod;
  /** As registered: '/api/users/:id/'. */
  url: string;
  schema: RouteSchemas;
  authenticated: boolean;
  /** Path parameter names, in order. */
  params: string[];
}

/** Routes the suites do not drive, each with why. Anything else must be covered. */
export const EXEMPT_ROUTES: ReadonlyArray<{ match: (route: { method: string; url: string }) => boolean; why: string }> =
  [
    {
      match: ({ url }) => url === '/api/docs' || url.startsWith('/api/docs/'),
      why: 'OpenAPI document and its static UI (@fastify/swagger-ui): no data, no state, no authentication',
    },
    {
      match: ({ method }) => method === 'HEAD',
      why: 'HEAD routes Fastify adds for each GET: the same hooks and handler, without a body',
    },
  ];

export function exemptionOf(route: { method: string; url: string }): string | null {
  return EXEMPT_ROUTES.find((rule) => rule.match(route))?.why ?? null;
}

interface Collected {
  method: string;
  url: string;
  schema: RouteSchemas;
  hooks: unknown[];
}

const asList = (hook: unknown): unknown[] =>
  hook === undefined || hook === null ? [] : Array.isArray(hook) ? hook : [hook];

export function createRouteTable() {
  const collected: Collected[] = [];
  return {
    onRoute(options: RouteOptions): void {
      for (const method of asList(options.method) as string[]) {
        collected.push({
          method: method.toUpperCase(),
          url: options.url,
          schema: (options.schema ?? {}) as RouteSchemas,
          hooks: [...asList(options.onRequest), ...asList(options.preHandler)],
        });
      }
    },
    /** Every registered route, exempt ones included (compare with exemptionOf). */
    all(app: App): Array<ApiRoute & { exemptBecause: string | null }> {
      if (collected.length === 0) throw new Error('no routes seen: pass routeTable.onRoute to createTestApp');
      return collected.map((route) => ({
        method: route.method as HttpMethod,
        url: route.url,
        schema: route.schema,
        authenticated: route.hooks.includes(app.authenticate),
        params: [...route.url.matchAll(/:([A-Za-z_]+)/g)].map((match) => match[1]!),
        exemptBecause: exemptionOf(route),
      }));
    },
    /** The routes to cover: every API route that is not exempt. */
    routes(app: App): ApiRoute[] {
      return this.all(app)
        .filter((route) => route.exemptBecause === null)
        .map(({ exemptBecause: _exempt, ...route }) => route);
    },
  };
}

export type RouteTable = ReturnType<typeof createRouteTable>;

export const routeName = (route: { method: string; url: string }) => `${route.method} ${route.url}`;

const addFormats = ((ajvFormats as unknown as { default?: (ajv: Ajv) => Ajv }).default ??
  (ajvFormats as unknown as (ajv: Ajv) => Ajv)) as (ajv: Ajv) => Ajv;
// No coercion and no defaults: a value is checked as it is. Unknown keywords (x-message) are annotations.
const schemaAjv = addFormats(new Ajv({ strict: false }));

/** A validator for one of the routes' schemas (a body, a response), as documented. */
export function compileSchema(schema: object): ValidateFunction {
  return schemaAjv.compile(schema);
}

export const schemaErrors = (validate: ValidateFunction) => schemaAjv.errorsText(validate.errors);
