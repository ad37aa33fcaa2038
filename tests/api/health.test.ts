import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTranslations } from '../../src/i18n/index.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

const en = useTranslations('en');
const ar = useTranslations('ar');

describe('health and readiness', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('says the process is up', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health/' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('allows same-origin calls only when no CORS origins are configured', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/health/',
      headers: { origin: 'https://elsewhere.example' },
    });
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('says it is ready when the database answers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/ready/' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready' });
  });
});

describe('with the database gone', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.db.destroy();
  });
  afterAll(() => t?.close());

  it('is still alive', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health/' })).statusCode).toBe(200);
  });

  it('is not ready: 503, so the load balancer stops sending traffic', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/ready/' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ detail: en('error.serviceUnavailable') });
    expect(response.headers['retry-after']).toBe('5');
  });

  it('answers 503, not 500, on endpoints that need the database', async () => {
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/login/',
      headers: { 'accept-language': 'ar' },
      payload: { username: 'demo', password: 'hashpower-2026' },
    });
    expect(signIn.statusCode).toBe(503);
    expect(signIn.json()).toEqual({ detail: ar('error.serviceUnavailable') });

    const miners = await t.app.inject({
      method: 'GET',
      url: '/api/miners/',
      headers: { authorization: `Bearer ${'x'.repeat(43)}` },
    });
    expect(miners.statusCode).toBe(503);
  });
});
