/**
 * The content pages in the request's language (Accept-Language): GET /api/faq/,
 * /api/privacy/ and /api/terms/ (spec §7: signed-in calls). The same Markdown sources
 * (content/<locale>/) are prerendered into the /faq, /privacy and /terms pages.
 * The HTML is made from the project's own sources, with any raw HTML in them dropped.
 */
import { Type, type Static } from 'typebox';
import { errorsFor, Id, Nullable } from './common.ts';

export const FaqEntry = Type.Object(
  {
    id: Id,
    question: Type.String(),
    answer_html: Type.String({ description: 'The answer as HTML (paragraphs, lists, emphasis, links)' }),
  },
  { additionalProperties: false },
);
export type FaqEntry = Static<typeof FaqEntry>;

export const Faq = Type.Object(
  {
    title: Type.String(),
    results: Type.Array(FaqEntry, { description: 'In reading order; an id is the same entry in every language' }),
  },
  { additionalProperties: false },
);
export type Faq = Static<typeof Faq>;

export const ContentDocument = Type.Object(
  {
    title: Type.String(),
    updated: Nullable(Type.String({ format: 'date' }), 'When it last changed'),
    html: Type.String({ description: 'The text as HTML' }),
  },
  { additionalProperties: false },
);
export type ContentDocument = Static<typeof ContentDocument>;

const contentRoute = { tags: ['content'], security: [{ bearerAuth: [] }] } as const;

export const getFaq = {
  method: 'GET',
  url: '/api/faq/',
  schema: { summary: 'Frequently asked questions', ...contentRoute, response: { 200: Faq, ...errorsFor(401) } },
} as const;

export const getPrivacy = {
  method: 'GET',
  url: '/api/privacy/',
  schema: { summary: 'The privacy policy', ...contentRoute, response: { 200: ContentDocument, ...errorsFor(401) } },
} as const;

export const getTerms = {
  method: 'GET',
  url: '/api/terms/',
  schema: { summary: 'The terms of service', ...contentRoute, response: { 200: ContentDocument, ...errorsFor(401) } },
} as const;
