/**
 * The error a handler throws to answer with a 4xx/5xx: either a message for the whole
 * request (`{detail}`) or messages per field (`{field: [messages]}`), the two shapes of
 * contracts/common.ts. Messages are message keys, translated into the request's
 * language by plugins/errors.ts, so handlers never deal with languages.
 */
import type { MessageKey, MessageParams } from '../../src/i18n/dictionary.ts';

export interface Message {
  key: MessageKey;
  params?: MessageParams;
}

export type FieldMessages = Record<string, Message[]>;

export class ApiError extends Error {
  readonly statusCode: number;
  readonly detail: Message | null;
  readonly fields: FieldMessages | null;
  readonly headers: Record<string, string>;
  /** Fields sent next to `detail` for a client to act on (`{"detail", "code": "unverified", "email"}`). */
  readonly data: Record<string, string>;

  private constructor(
    statusCode: number,
    detail: Message | null,
    fields: FieldMessages | null,
    headers: Record<string, string>,
    data: Record<string, string> = {},
  ) {
    super(detail ? detail.key : `field errors: ${Object.keys(fields ?? {}).join(', ')}`);
    this.name = 'ApiError';
    this.statusCode = statusCode;
    this.detail = detail;
    this.fields = fields;
    this.headers = headers;
    this.data = data;
  }

  /** The same `{detail}` error with more fields for the client (documented in the route's contract). */
  withData(data: Record<string, string>): ApiError {
    return new ApiError(this.statusCode, this.detail, this.fields, this.headers, { ...this.data, ...data });
  }

  /** `{"detail": "..."}` with the given status. */
  static detail(
    statusCode: number,
    key: MessageKey,
    params?: MessageParams,
    headers: Record<string, string> = {},
  ): ApiError {
    return new ApiError(statusCode, { key, params }, null, headers);
  }

  /** `{"field": ["..."]}`, status 400. */
  static fields(fields: FieldMessages): ApiError {
    return new ApiError(400, null, fields, {});
  }

  static notFound(): ApiError {
    return ApiError.detail(404, 'error.notFound');
  }

  static notAuthenticated(): ApiError {
    // RFC 6750 §3: a 401 names the scheme the client should use.
    return ApiError.detail(401, 'error.notAuthenticated', undefined, { 'www-authenticate': 'Bearer' });
  }
}
