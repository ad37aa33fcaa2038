import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './helpers/test-app.ts';

const t = useTestApp();

describe('compressed API answers', () => {
  it('are brotli or gzip for clients that accept them, and the same JSON once unpacked', async () => {
    const me = await t.signIn();
    const plain = await t.app.inject({ method: 'GET', url: '/api/miners/', headers: me.headers });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await t.app.inject({ method: 'GET', url: '/api/miners/', headers: { ...me.headers, 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(plain.json());

    const gzip = await t.app.inject({ method: 'GET', url: '/api/miners/', headers: { ...me.headers, 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('leave small answers and errors under 1 KB as they are', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/api/health/', headers: { 'accept-encoding': 'br' } });
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json()).toEqual({ status: 'ok' });
    const refused = await t.app.inject({ method: 'GET', url: '/api/miners/', headers: { 'accept-encoding': 'br' } });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['content-encoding']).toBeUndefined();
  });
});
