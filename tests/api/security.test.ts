import { describe, expect, it } from 'vitest';
import { useTestApp } from './helpers/test-app.ts';

const APP_ORIGIN = 'https://app.hashharbor.example';

const t = useTestApp({ env: { CORS_ORIGINS: `${APP_ORIGIN}, http://localhost:3000` } });

describe('CORS', () => {
  it('lets an allowed origin read API answers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health/', headers: { origin: APP_ORIGIN } });
    expect(response.headers['access-control-allow-origin']).toBe(APP_ORIGIN);
    expect(response.headers.vary).toMatch(/Origin/);
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('answers the preflight of an allowed origin', async () => {
    const response = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/login/',
      headers: {
        origin: 'http://localhost:3000',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type, authorization, accept-language',
      },
    });
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe('http://localhost:3000');
    expect(response.headers['access-control-allow-methods']).toContain('POST');
    expect(String(response.headers['access-control-allow-headers']).toLowerCase()).toContain('authorization');
  });

  it('gives other origins nothing to read', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/health/',
      headers: { origin: 'https://evil.example' },
    });
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/login/',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('security headers on API answers', () => {
  it('forbid sniffing, framing, caching and any active content', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health/' });
    expect(response.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
      'referrer-policy': 'no-referrer',
      'cross-origin-opener-policy': 'same-origin',
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'cache-control': 'no-store',
    });
    expect(response.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(response.headers['x-powered-by']).toBeUndefined();
  });

  it('come with error answers too', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/users/1/' });
    expect(response.statusCode).toBe(401);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  });
});

describe('API documentation', () => {
  it('publishes an OpenAPI document of every endpoint with its schemas', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    // Every endpoint so far (others may follow: containing, not equal).
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/health/',
        '/api/ready/',
        '/api/config/',
        '/api/login/',
        '/api/register/',
        '/api/otp/',
        '/api/password_reset/',
        '/api/telegram_auth/',
        '/api/logout/',
        '/api/logoutall/',
        '/api/sessions/',
        '/api/sessions/{id}/',
        '/api/enable_totp/',
        '/api/verify_totp/',
        '/api/disable_totp/',
        '/api/users/{id}/',
        '/api/users/{id}/verify_email/',
        '/api/miners/',
        '/api/miners/{id}/',
        '/api/user-miners/',
        '/api/user-miners/{id}/',
        '/api/transactions/',
        '/api/transactions/verify/',
        '/api/wallet/',
        '/api/referral_info/',
        '/api/referrals/',
        '/api/dashboard/',
      ]),
    );
    expect(Object.keys(document.paths['/api/users/{id}/']).sort()).toEqual(['delete', 'get', 'patch', 'put']);
    expect(Object.keys(document.paths['/api/login/'].post.responses).sort()).toEqual([
      '200',
      '400',
      '403',
      '413',
      '415',
      '429',
      '500',
      '503',
    ]);
    const listMiners = document.paths['/api/miners/'].get;
    expect(listMiners.parameters.map((parameter: { name: string }) => parameter.name).sort()).toEqual([
      'acquisition',
      'limit',
      'offset',
    ]);
    expect(Object.keys(listMiners.responses).sort()).toEqual(['200', '400', '401', '500', '503']);
    expect(listMiners.security).toEqual([{ bearerAuth: [] }]);
    expect(document.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('serves the interactive documentation page', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
  });
});
