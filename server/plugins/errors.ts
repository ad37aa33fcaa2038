/**
 * One error convention for the whole API (contracts/common.ts): `{detail}` or
 * `{field: [messages]}`, in the request's language. Client mistakes get a 4xx with a
 * message that helps; an unreachable database gets 503 (retry later); anything else
 * is a bug: 500 with a generic message, and the stack in the log.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Translate } from '../../src/i18n/index.ts';
import { isDatabaseUnavailableError } from '../db/errors.ts';
import { ApiError, type Message } from '../lib/api-error.ts';
import { validationError } from '../lib/validation-errors.ts';
import { requestTranslator } from './i18n.ts';

/** Fastify's own request errors, by code. */
const fastifyErrors: Record<string, () => ApiError> = {
  FST_ERR_CTP_INVALID_JSON_BODY: () => ApiError.detail(400, 'error.invalidJson'),
  FST_ERR_CTP_EMPTY_JSON_BODY: () => ApiError.detail(400, 'error.invalidJson'),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: () => ApiError.detail(415, 'error.unsupportedMediaType'),
  FST_ERR_CTP_BODY_TOO_LARGE: () => ApiError.detail(413, 'error.bodyTooLarge'),
};

/** The client-facing error for a thrown error, or null when it is not the client's doing. */
function clientError(error: FastifyError | ApiError): ApiError | null {
  if (error instanceof ApiError) return error;
  if (error.validation) return validationError(error.validation as Parameters<typeof validationError>[0]);
  const known = error.code ? fastifyErrors[error.code] : undefined;
  if (known) return known();
  // Other 4xx raised by Fastify or its plugins (a malformed URL, a bad Content-Length...).
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500)
    return ApiError.detail(status, status === 404 ? 'error.notFound' : 'error.invalid');
  return null;
}

function render(error: ApiError, t: Translate): Record<string, unknown> {
  const translate = (message: Message) => t(message.key, message.params);
  if (error.detail) return { detail: translate(error.detail), ...error.data };
  return Object.fromEntries(
    Object.entries(error.fields ?? {}).map(([field, messages]) => [field, messages.map(translate)]),
  );
}

/**
 * For Fastify's `frameworkErrors` option: errors raised before routing (a URL that does
 * not decode), which never reach the error handler below.
 */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const known = clientError(error) ?? ApiError.detail(400, 'error.invalid');
  reply.code(known.statusCode).send(render(known, requestTranslator(request)));
}

async function errors(app: FastifyInstance): Promise<void> {
  app.setErrorHandler(async (error: FastifyError | ApiError, request: FastifyRequest, reply: FastifyReply) => {
    const t = requestTranslator(request);
    const known = clientError(error);
    if (known) {
      return reply.code(known.statusCode).headers(known.headers).send(render(known, t));
    }
    if (isDatabaseUnavailableError(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', '5')
        .send({ detail: t('error.serviceUnavailable') });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ detail: t('error.server') });
  });

  app.setNotFoundHandler(async (request, reply) => {
    return reply.code(404).send({ detail: requestTranslator(request)('error.notFound') });
  });
}

export default fp(errors, { name: 'errors', dependencies: ['i18n'] });
