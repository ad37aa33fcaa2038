/**
 * The content pages as data: GET /api/faq/, /api/privacy/ and /api/terms/ in the
 * request's language, from the Markdown sources that also make the prerendered pages
 * (src/lib/content.ts). Parsed once per locale and kept: the sources change only with
 * a deploy.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { getFaq, getPrivacy, getTerms, type ContentDocument, type Faq } from '../../../contracts/content.ts';
import type { Locale } from '../../../src/i18n/locales.ts';
import { loadDocument, loadFaq, type ContentDocumentName } from '../../../src/lib/content.ts';

function cachedPerLocale<T>(load: (locale: Locale) => T): (locale: Locale) => T {
  const cache = new Map<Locale, T>();
  return (locale) => {
    let value = cache.get(locale);
    if (value === undefined) cache.set(locale, (value = load(locale)));
    return value;
  };
}

const contentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const faq = cachedPerLocale((locale): Faq => {
    const { title, entries } = loadFaq(locale);
    return { title, results: entries };
  });
  const documents = Object.fromEntries(
    (['privacy', 'terms'] as const).map((name) => [name, cachedPerLocale((locale): ContentDocument => loadDocument(locale, name))]),
  ) as Record<ContentDocumentName, (locale: Locale) => ContentDocument>;

  app.route({ ...getFaq, onRequest: app.authenticate, handler: async (request) => faq(request.locale) });
  app.route({ ...getPrivacy, onRequest: app.authenticate, handler: async (request) => documents.privacy(request.locale) });
  app.route({ ...getTerms, onRequest: app.authenticate, handler: async (request) => documents.terms(request.locale) });
};

export default contentRoutes;
