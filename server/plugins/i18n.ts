/**
 * The request's language, from Accept-Language (the client sends its chosen language on
 * every call, spec §7): `request.locale` and `request.t` for messages. API answers say
 * which language they are in and that they vary with the header.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { localeFromAcceptLanguage, useTranslations, type Locale, type Translate } from '../../src/i18n/index.ts';
import { appendVary, isApiPath } from '../lib/http.ts';

declare module 'fastify' {
  interface FastifyRequest {
    locale: Locale;
    t: Translate;
  }
}

const translators = new Map<Locale, Translate>();

function translatorFor(locale: Locale): Translate {
  let t = translators.get(locale);
  if (!t) translators.set(locale, (t = useTranslations(locale)));
  return t;
}

/**
 * The translator for a request, also for errors raised before the i18n hook ran
 * (a malformed URL fails before any hook).
 */
export function requestTranslator(request: FastifyRequest): Translate {
  return (request.t as Translate | null) ?? translatorFor(localeFromAcceptLanguage(request.headers['accept-language']));
}

async function i18n(app: FastifyInstance): Promise<void> {
  app.decorateRequest('locale', 'en');
  app.decorateRequest('t', null as unknown as Translate);
  app.addHook('onRequest', async (request, reply) => {
    request.locale = localeFromAcceptLanguage(request.headers['accept-language']);
    request.t = translatorFor(request.locale);
    if (isApiPath(request.url)) {
      reply.header('content-language', request.locale);
      appendVary(reply, 'Accept-Language');
    }
  });
}

export default fp(i18n, { name: 'i18n' });
