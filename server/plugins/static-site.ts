/**
 * Serves the built Astro site (SITE_DIR, `build.format: 'file'`) for GET and HEAD
 * outside /api, so one process serves the whole product. For a path, in order:
 *   1. a trailing slash is dropped with a 301 ("/login/" -> "/login");
 *   2. the file itself ("/_astro/app.1a2b.js", "/favicon.svg");
 *   3. its page: "/login" -> login.html, "/" -> index.html, "/ru" -> ru.html;
 *   4. an id route's shell: "/ru/rentminer/42" -> ru/rentminer/detail.html (200; the page
 *      reads the id from the URL);
 *   5. the 404 page, with status 404.
 * Hashed assets are cached for a year, pages are revalidated on every visit, anything
 * else for an hour. Every answer carries the headers the build wrote into `_headers`
 * for static hosts (Content-Security-Policy and the rest, src/lib/security-headers.ts),
 * so the bundled server and a CDN send the same policy. Precompressed .br/.gz siblings are served to clients that accept
 * them (@fastify/static also sets Vary: Accept-Encoding).
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { localizePath, splitLocale } from '../../src/i18n/index.ts';
import { idShellFor } from '../../src/lib/routes.ts';
import { HEADERS_FILE, headersForPath, parseHeadersFile, type HeaderRule } from '../../src/lib/security-headers.ts';
import { isApiPath } from '../lib/http.ts';

export interface StaticSiteOptions {
  /** Absolute path of the built site. */
  root: string;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Headers that govern documents only. Scripts, styles and images go without them: over
 * HTTP/1.1 they would add about 1.2 KB to each of the twenty-odd files of a signed-in
 * page, and they do nothing there (nosniff, which does, stays).
 */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'permissions-policy',
  'referrer-policy',
  'strict-transport-security',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];
const REVALIDATE = 'no-cache';
const ONE_HOUR = 'public, max-age=3600';

export function cacheControlFor(file: string): string {
  if (file.startsWith('/_astro/')) return IMMUTABLE;
  if (file.endsWith('.html')) return REVALIDATE;
  return ONE_HOUR;
}

/**
 * A decoded URL path that can only name a file inside the site: no dot segments, no
 * dotfiles, no backslashes or NUL. Anything else is answered with the 404 page.
 */
/** Files the build writes for static hosts, which hosts read but never serve. */
const HOST_CONFIG_FILES = new Set(['/_headers', '/_redirects']);

function isSafePath(pathname: string): boolean {
  if (!pathname.startsWith('/') || /[\\\0]/.test(pathname) || HOST_CONFIG_FILES.has(pathname)) return false;
  return pathname
    .split('/')
    .slice(1)
    .every((segment, index, segments) => (segment === '' ? index === segments.length - 1 : !segment.startsWith('.')));
}

async function staticSite(app: FastifyInstance, options: StaticSiteOptions): Promise<void> {
  const root = options.root;
  await app.register(fastifyStatic, {
    root,
    serve: false,
    preCompressed: true,
    index: false,
    list: false,
    dotfiles: 'ignore',
    // Set per file type below instead.
    cacheControl: false,
  });

  const isFile = async (file: string): Promise<boolean> => {
    try {
      return (await stat(path.join(root, file))).isFile();
    } catch {
      return false;
    }
  };

  // A build without the file (an older dist/) is served without the site's policy.
  const headerRules: HeaderRule[] = await readFile(path.join(root, HEADERS_FILE), 'utf8').then(parseHeadersFile, () => []);

  const send = (reply: FastifyReply, file: string, status = 200) => {
    reply.code(status).headers(headersForPath(headerRules, file)).header('cache-control', cacheControlFor(file));
    if (!file.endsWith('.html')) for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
    return reply.sendFile(file);
  };

  const notFound = async (reply: FastifyReply, pathname: string) => {
    const { locale } = splitLocale(pathname);
    for (const page of [`${localizePath('/404', locale)}.html`, '/404.html']) {
      if (await isFile(page)) return send(reply, page, 404);
    }
    return reply
      .code(404)
      .headers(headersForPath(headerRules, '/404'))
      .header('cache-control', REVALIDATE)
      .type('text/plain; charset=utf-8')
      .send('Not found');
  };

  app.route({
    method: 'GET',
    url: '/*',
    schema: { hide: true },
    // Served precompressed (.br/.gz written by the build), never compressed again per request.
    compress: false,
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const [rawPath = '/', query] = request.url.split(/\?(.*)/s, 2);
      // Unknown API paths get the API's JSON 404, not a page.
      if (isApiPath(rawPath)) return reply.callNotFound();

      if (rawPath.length > 1 && rawPath.endsWith('/')) {
        const target = rawPath.replace(/\/+$/, '') || '/';
        // "//evil.example/" must not become a redirect to another site.
        if (target.startsWith('//') || target.includes('\\')) return notFound(reply, '/');
        return reply.redirect(query ? `${target}?${query}` : target, 301);
      }

      let pathname: string;
      try {
        pathname = decodeURIComponent(rawPath);
      } catch {
        return notFound(reply, '/');
      }
      if (!isSafePath(pathname)) return notFound(reply, '/');

      if (pathname !== '/' && (await isFile(pathname))) return send(reply, pathname);
      const page = pathname === '/' ? '/index.html' : `${pathname}.html`;
      if (await isFile(page)) return send(reply, page);

      const { locale, path: localeFree } = splitLocale(pathname);
      const shell = idShellFor(localeFree);
      if (shell) {
        const shellPage = `${localizePath(shell, locale)}.html`;
        if (await isFile(shellPage)) return send(reply, shellPage);
      }
      return notFound(reply, pathname);
    },
  });
}

export default fp(staticSite, { name: 'static-site', dependencies: ['errors'] });
