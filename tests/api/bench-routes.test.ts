import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

describe('the load benchmark reference route', () => {
  let plain: TestApp;
  let bench: TestApp;
  beforeAll(async () => {
    plain = await createTestApp();
    bench = await createTestApp({ env: { BENCH_ROUTES: 'true' } });
  });
  afterAll(async () => {
    await plain?.close();
    await bench?.close();
  });

  it('does not exist unless BENCH_ROUTES is on', async () => {
    const response = await plain.app.inject({ method: 'GET', url: '/api/bench/ping' });
    expect(response.statusCode).toBe(404);
  });

  it('answers with the API headers and no work when BENCH_ROUTES is on', async () => {
    const response = await bench.app.inject({ method: 'GET', url: '/api/bench/ping' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('stays out of the OpenAPI document', async () => {
    const response = await bench.app.inject({ method: 'GET', url: '/api/docs/json' });
    const paths = Object.keys(response.json<{ paths: object }>().paths);
    expect(paths).toContain('/api/health/');
    expect(paths).not.toContain('/api/bench/ping');
  });
});
