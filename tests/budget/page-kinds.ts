/** What kind of page a route is, for the JavaScript and request budgets (tests/budget, tests/e2e). */
import { screenRoutes } from '../../src/lib/routes.ts';

export type PageKind = 'auth' | 'content' | 'signedIn';

/** Plain HTML pages: no islands, only the head script. */
const CONTENT_PATHS = new Set(['/faq', '/privacy', '/terms', '/404']);
const accessByPath = new Map<string, string>(screenRoutes.map((route) => [route.path, route.access]));

export function pageKind(routePath: string): PageKind {
  if (CONTENT_PATHS.has(routePath)) return 'content';
  return accessByPath.get(routePath) === 'public' ? 'auth' : 'signedIn';
}
