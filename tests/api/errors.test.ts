import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTranslations } from '../../src/i18n/index.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

const en = useTranslations('en');
const ru = useTranslations('ru');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    setup: (app) => {
      app.get('/api/test-failure/', async () => {
        throw new Error('an unexpected bug');
      });
    },
  });
});
afterAll(() => t?.close());

describe('error answers', () => {
  it('answers 404 with a detail for unknown API paths, whatever the method', async () => {
    for (const [method, url] of [
      ['GET', '/api/nothing-here/'],
      ['POST', '/api/nothing-here/'],
      ['DELETE', '/api/health/'],
      ['GET', '/api'],
    ] as const) {
      const response = await t.app.inject({ method, url, headers: { 'accept-language': 'ru' } });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json()).toEqual({ detail: ru('error.notFound') });
    }
  });

  it('is strict about trailing slashes on API paths', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: en('error.notFound') });
  });

  it('answers 404 as JSON outside /api when there is no site to serve', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/login' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: en('error.notFound') });
  });

  it('hides the details of unexpected errors behind a 500 detail', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/test-failure/',
      headers: { 'accept-language': 'ru' },
    });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ detail: ru('error.server') });
    expect(response.body).not.toContain('unexpected bug');
  });

  it('answers a malformed URL with 400, not 500', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/users/%E0%A4%A/' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: en('error.invalid') });
  });

  it('falls back to English for languages it does not speak', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/nothing-here/',
      headers: { 'accept-language': 'fr-FR, ja;q=0.5' },
    });
    expect(response.json()).toEqual({ detail: en('error.notFound') });
    expect(response.headers['content-language']).toBe('en');
  });
});
