/**
 * Conventions every endpoint shares, as TypeBox schemas (the single source of the
 * types: the server validates and documents with them, the client `import type`s them).
 *
 * Errors. Every error body is one of two shapes:
 * - `{"detail": "message"}`: about the request as a whole (401, 404, 413, 415, 503, ...);
 * - `{"field": ["message", ...], ...}`: per field, status 400. Nested fields are dotted
 *   ("address.city"); query and path parameters use their own name ("limit", "id").
 * Messages are in the request's language (Accept-Language), ready to show.
 *
 * Lists. `?limit=` (1-100, default 10) and `?offset=` (default 0) select a page;
 * the answer is `{count, next, previous, results}`, where next/previous are relative
 * URLs of the neighbouring pages ("/api/miners/?limit=10&offset=10") or null.
 *
 * Money and other exact quantities are decimal strings ("3400.00000000"): see
 * src/lib/money.ts for arithmetic on them.
 */
import { Type, type Static, type TSchema } from 'typebox';

/** An exact decimal number as a string; never a JSON number, so no float rounding. */
export function DecimalString(options: { description?: string; examples?: string[] } = {}) {
  return Type.String({
    pattern: '^-?\\d+(\\.\\d+)?$',
    description: 'Exact decimal number as a string',
    examples: ['3400.00000000'],
    ...options,
  });
}
export const Decimal = DecimalString();
export type Decimal = Static<typeof Decimal>;

/** `schema` or null, e.g. a price that only some items have. */
export function Nullable<T extends TSchema>(schema: T, description?: string) {
  return Type.Union([schema, Type.Null()], { description });
}

/**
 * `x-message` names the dictionary key a failed `pattern` or `format` reports, instead
 * of the generic "Enter a valid value" (server/lib/validation-errors.ts).
 */
export const MESSAGE_KEYWORD = 'x-message';

/** Control characters (U+0000-U+001F, U+007F): never part of a name, and PostgreSQL cannot store U+0000. */
export const NO_CONTROL_CHARACTERS = '^[^\\u0000-\\u001F\\u007F]*$';

/** Free text a person types (a name): any script, bounded, without control characters. */
export function PlainText(options: { maxLength: number; minLength?: number; description?: string }) {
  return Type.String({ pattern: NO_CONTROL_CHARACTERS, [MESSAGE_KEYWORD]: 'error.controlCharacters', ...options });
}

/** A database id: a positive whole number. */
export const Id = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });

export const IdParams = Type.Object({ id: Id });
export type IdParams = Static<typeof IdParams>;

export const DetailError = Type.Object(
  { detail: Type.String({ description: 'Message in the request language' }) },
  { additionalProperties: false, description: 'An error about the request as a whole' },
);
export type DetailError = Static<typeof DetailError>;

export const FieldErrors = Type.Record(Type.String(), Type.Array(Type.String()), {
  description: 'Messages per field; nested fields dotted ("a.b"), query/path parameters by name',
  examples: [{ username: ['This field is required.'] }],
});
export type FieldErrors = Static<typeof FieldErrors>;

export const ErrorBody = Type.Union([DetailError, FieldErrors]);
export type ErrorBody = Static<typeof ErrorBody>;

const detailResponse = (description: string) =>
  Type.Object({ detail: Type.String() }, { additionalProperties: false, description });

/** Error responses by status, each documented with when it happens. */
export const errorResponses = {
  400: Type.Union([DetailError, FieldErrors], { description: 'Invalid request: field errors or a detail' }),
  401: detailResponse('Not signed in: missing, unknown, expired or revoked token'),
  404: detailResponse('No such resource (or not yours)'),
  413: detailResponse('Request body too large'),
  415: detailResponse('Request body is not JSON'),
  429: detailResponse('Too many attempts: wait the seconds of the Retry-After header, then retry'),
  500: detailResponse('Unexpected server error'),
  503: detailResponse('Database briefly unavailable; retry'),
} as const;

type ErrorStatus = keyof typeof errorResponses;

/** The error responses a route can give: the ones named, plus 500 and 503 which any route can. */
export function errorsFor<S extends ErrorStatus>(...statuses: S[]): Pick<typeof errorResponses, S | 500 | 503> {
  const picked: Partial<Record<ErrorStatus, TSchema>> = {};
  for (const status of [...statuses, 500, 503] as ErrorStatus[]) picked[status] = errorResponses[status];
  return picked as Pick<typeof errorResponses, S | 500 | 503>;
}

/** Spec §9: page size 10 by default. The maximum keeps one request's cost bounded. */
export const PAGE_SIZE_DEFAULT = 10;
export const PAGE_SIZE_MAX = 100;
/** Far beyond any real list; keeps OFFSET inside PostgreSQL's bigint. */
export const OFFSET_MAX = 2_147_483_647;

export const PaginationQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: PAGE_SIZE_MAX, default: PAGE_SIZE_DEFAULT })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: OFFSET_MAX, default: 0 })),
});
export type PaginationQuery = Static<typeof PaginationQuery>;

/** `{count, next, previous, results}` around any item schema. */
export function Paginated<Item extends TSchema>(item: Item, description?: string) {
  return Type.Object(
    {
      count: Type.Integer({ minimum: 0, description: 'Items in the whole list' }),
      next: Nullable(Type.String(), 'Relative URL of the next page'),
      previous: Nullable(Type.String(), 'Relative URL of the previous page'),
      results: Type.Array(item),
    },
    { additionalProperties: false, description },
  );
}

/** The type of a page of `Item`s, for code generic over lists. */
export interface Page<Item> {
  count: number;
  next: string | null;
  previous: string | null;
  results: Item[];
}
