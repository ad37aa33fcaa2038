import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTranslations } from '../../src/i18n/index.ts';
import { formatHeadersFile, siteSecurityHeaders } from '../../src/lib/security-headers.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

const en = useTranslations('en');

/** A miniature of Astro's output with `build.format: 'file'`. */
const SCRIPT = 'console.log("HashHarbor");'.repeat(20);
const site: Record<string, string | Buffer> = {
  'index.html': '<h1>home</h1>',
  'login.html': '<h1>login</h1>',
  'ru.html': '<h1>home ru</h1>',
  'ru/login.html': '<h1>login ru</h1>',
  'rentminer.html': '<h1>rent</h1>',
  'rentminer/detail.html': '<h1>rent detail</h1>',
  'ar/rentminer/detail.html': '<h1>rent detail ar</h1>',
  '404.html': '<h1>not found</h1>',
  'ru/404.html': '<h1>not found ru</h1>',
  'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  '_astro/app.Ab12Cd.js': SCRIPT,
  '_astro/app.Ab12Cd.js.br': brotliCompressSync(SCRIPT),
  '_astro/app.Ab12Cd.js.gz': gzipSync(SCRIPT),
  '.env': 'SECRET=1',
  // As the build writes it (src/integrations/static-host.ts).
  _headers: formatHeadersFile([
    { path: '/*', headers: siteSecurityHeaders({ scriptHashes: ['sha256-AAAA'], apiOrigin: null }) },
    { path: '/_astro/*', headers: { 'Cache-Control': 'public, max-age=31536000, immutable' } },
  ]),
};

let t: TestApp;
let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'hh-site-'));
  const siteDir = path.join(root, 'dist');
  for (const [file, content] of Object.entries(site)) {
    await mkdir(path.dirname(path.join(siteDir, file)), { recursive: true });
    await writeFile(path.join(siteDir, file), content);
  }
  await writeFile(path.join(root, 'secret.txt'), 'outside the site');
  t = await createTestApp({ env: { SITE_DIR: siteDir } });
});
afterAll(async () => {
  await t?.close();
  await rm(root, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('the static site', () => {
  it('serves each route from its page file', async () => {
    for (const [url, body] of [
      ['/', '<h1>home</h1>'],
      ['/login', '<h1>login</h1>'],
      ['/ru', '<h1>home ru</h1>'],
      ['/ru/login', '<h1>login ru</h1>'],
      ['/rentminer', '<h1>rent</h1>'],
    ]) {
      const response = await get(url!);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(body);
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('drops a trailing slash with a permanent redirect, keeping the query', async () => {
    const response = await get('/login/');
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('/login');
    expect((await get('/ru/login/?next=%2Fwallet')).headers.location).toBe('/ru/login?next=%2Fwallet');
  });

  it('never redirects to another site', async () => {
    for (const url of ['//evil.example/', '///evil.example//']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers.location, url).toBeUndefined();
    }
  });

  it('serves the shell page of an id route, in the right language', async () => {
    const english = await get('/rentminer/42');
    expect(english.statusCode).toBe(200);
    expect(english.body).toBe('<h1>rent detail</h1>');
    const arabic = await get('/ar/rentminer/42');
    expect(arabic.statusCode).toBe(200);
    expect(arabic.body).toBe('<h1>rent detail ar</h1>');
    expect((await get('/rentminer/42/more')).statusCode).toBe(404);
  });

  it('answers unknown pages with the 404 page and status 404', async () => {
    const response = await get('/no-such-page');
    expect(response.statusCode).toBe(404);
    expect(response.body).toBe('<h1>not found</h1>');
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    const russian = await get('/ru/no-such-page');
    expect(russian.statusCode).toBe(404);
    expect(russian.body).toBe('<h1>not found ru</h1>');
  });

  it('caches hashed assets for a year and other files for an hour', async () => {
    const script = await get('/_astro/app.Ab12Cd.js');
    expect(script.statusCode).toBe(200);
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(script.body).toBe(SCRIPT);
    const icon = await get('/favicon.svg');
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');
    expect(icon.headers['content-type']).toMatch(/^image\/svg\+xml/);
  });

  it('sends precompressed files to clients that accept them, and says the answer varies', async () => {
    const brotli = await get('/_astro/app.Ab12Cd.js', { 'accept-encoding': 'br, gzip' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotli.headers['content-type']).toMatch(/javascript/);
    expect(brotli.rawPayload.equals(brotliCompressSync(SCRIPT))).toBe(true);

    const gzip = await get('/_astro/app.Ab12Cd.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');

    const plain = await get('/_astro/app.Ab12Cd.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(SCRIPT);
  });

  it('answers HEAD like GET, without a body', async () => {
    const response = await t.app.inject({ method: 'HEAD', url: '/login' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toBe('');
  });

  it('lists no directories and serves nothing outside the site or hidden', async () => {
    for (const url of [
      '/_astro',
      '/rentminer/',
      '/.env',
      '/%2e%2e/secret.txt',
      '/_astro/%2e%2e/%2e%2e/secret.txt',
      '/..%2fsecret.txt',
      '/a%00b',
    ]) {
      const response = await get(url);
      expect([301, 404], url).toContain(response.statusCode);
      expect(response.body, url).not.toContain('outside the site');
      expect(response.body, url).not.toContain('SECRET');
    }
    expect((await get('/_astro')).statusCode).toBe(404);
  });

  it('keeps API paths for the API: JSON 404s, not pages', async () => {
    for (const url of ['/api/nothing/', '/api/health', '/api']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual({ detail: en('error.notFound') });
    }
    expect((await get('/api/health/')).json()).toEqual({ status: 'ok' });
  });

  it('sends the headers the build wrote for static hosts, the content security policy included', async () => {
    for (const url of ['/login', '/ru/rentminer/42', '/no-such-page']) {
      const response = await get(url);
      expect(response.headers['content-security-policy'], url).toContain("script-src 'self' 'sha256-AAAA'");
      expect(response.headers['content-security-policy'], url).not.toContain('unsafe-inline');
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['x-frame-options'], url).toBe('DENY');
      expect(response.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
    }
    const asset = await get('/_astro/app.Ab12Cd.js');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // Assets carry no document headers (bytes on every file of a page), but keep nosniff.
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    expect(asset.headers['content-security-policy']).toBeUndefined();
    expect(asset.headers['strict-transport-security']).toBeUndefined();
    expect((await get('/login')).headers['cache-control']).toBe('no-cache');
  });

  it('keeps the strict API policy on API answers, and does not serve the host configuration files', async () => {
    expect((await get('/_headers')).statusCode).toBe(404);
    expect((await get('/api/health/')).headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  });
});
