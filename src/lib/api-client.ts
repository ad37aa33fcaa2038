/**
 * The one way the browser talks to the API (spec §7): Accept and Accept-Language on
 * every call, a bearer token only when there is one, a timeout, and failures sorted
 * into the error classes of spec §8.
 */
import type { MessageKey } from '../i18n/dictionary.ts';

/** Spec §8: network failure, timeout, unreadable body, or an HTTP status outside 200-299. */
export type ApiErrorKind = 'FETCH_ERROR' | 'TIMEOUT_ERROR' | 'PARSING_ERROR' | 'HTTP_ERROR';

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status: number | null;
  /** The response body for HTTP errors: `{detail}` or `{field: [messages]}` (contracts/common.ts). */
  readonly data: unknown;

  constructor(kind: ApiErrorKind, status: number | null = null, data: unknown = null) {
    super(status ? `${kind} ${status}` : kind);
    this.name = 'ApiError';
    this.kind = kind;
    this.status = status;
    this.data = data;
  }
}

export const DEFAULT_TIMEOUT_MS = 20_000;

/** Base URL of the API: PUBLIC_API_URL at build time, or the site's own origin. */
export const API_BASE_URL: string = (import.meta.env?.PUBLIC_API_URL as string | undefined)?.replace(/\/+$/, '') ?? '';

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  token?: string | null;
  lang: string;
  timeoutMs?: number;
  signal?: AbortSignal;
}

export async function apiRequest<T>(path: string, request: ApiRequest): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': request.lang };
  if (request.token) headers.Authorization = `Bearer ${request.token}`;
  if (request.body !== undefined) headers['Content-Type'] = 'application/json';

  const timeout = AbortSignal.timeout(request.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;

  let response: Response;
  try {
    response = await fetch(API_BASE_URL + path, {
      method: request.method ?? 'GET',
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal,
    });
  } catch (error) {
    if (timeout.aborted) throw new ApiError('TIMEOUT_ERROR');
    if (request.signal?.aborted) throw error;
    throw new ApiError('FETCH_ERROR');
  }

  const text = await response.text().catch(() => null);
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      if (response.ok) throw new ApiError('PARSING_ERROR', response.status);
      data = null;
    }
  } else if (text === null) {
    throw new ApiError('PARSING_ERROR', response.status);
  }
  if (!response.ok) throw new ApiError('HTTP_ERROR', response.status, data);
  return data as T;
}

/** The message to show for a failed call: the server's own words when it sent some. */
export function describeApiError(error: unknown, t: (key: MessageKey, params?: Record<string, string | number>) => string): string {
  if (!(error instanceof ApiError)) return t('error.server');
  switch (error.kind) {
    case 'FETCH_ERROR':
      return t('error.fetch');
    case 'TIMEOUT_ERROR':
      return t('error.timeout');
    case 'PARSING_ERROR':
      return t('error.parsing');
    case 'HTTP_ERROR': {
      const detail = (error.data as { detail?: unknown } | null)?.detail;
      if (typeof detail === 'string') return detail;
      return t('error.http', { status: error.status ?? 0 });
    }
  }
}

/** Field errors of a 400 answer (`{field: ["message"]}`), or an empty object. */
export function fieldErrors(error: unknown): Record<string, string[]> {
  if (!(error instanceof ApiError) || error.status !== 400 || !error.data || typeof error.data !== 'object') return {};
  return Object.fromEntries(
    Object.entries(error.data as Record<string, unknown>).filter(
      (entry): entry is [string, string[]] => entry[0] !== 'detail' && Array.isArray(entry[1]),
    ),
  );
}
