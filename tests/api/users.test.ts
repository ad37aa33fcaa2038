import { beforeAll, describe, expect, it } from 'vitest';
import { useTranslations } from '../../src/i18n/index.ts';
import { insertUser } from './helpers/fixtures.ts';
import { type SignedIn, useTestApp } from './helpers/test-app.ts';

const en = useTranslations('en');
const es = useTranslations('es');

const t = useTestApp();
let demo: SignedIn;
let otherId: number;
beforeAll(async () => {
  demo = await t.signIn();
  ({ id: otherId } = await insertUser(t.db, { username: 'neighbour', first_name: 'Nell' }));
});

const getUser = (id: number | string, headers: Record<string, string> = demo.headers) =>
  t.app.inject({ method: 'GET', url: `/api/users/${id}/`, headers });

describe('GET /api/users/{id}/', () => {
  it('shows your own profile', async () => {
    const response = await getUser(demo.user.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(demo.user);
    expect(response.body).not.toMatch(/password_hash|scrypt|totp_secret/);
  });

  it("hides other users' profiles behind a 404", async () => {
    const response = await getUser(otherId, { ...demo.headers, 'accept-language': 'es' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: es('error.notFound') });
  });

  it('answers 404 for ids nobody has', async () => {
    const response = await getUser(987_654_321);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: en('error.notFound') });
  });

  it('refuses ids that are not positive whole numbers', async () => {
    expect((await getUser('abc')).json()).toEqual({ id: [en('error.type.integer')] });
    expect((await getUser('1.5')).json()).toEqual({ id: [en('error.type.integer')] });
    expect((await getUser(0)).json()).toEqual({ id: [en('error.minimum', { limit: 1 })] });
    expect((await getUser('99999999999999999999')).json()).toEqual({
      id: [en('error.maximum', { limit: Number.MAX_SAFE_INTEGER })],
    });
    expect((await getUser('abc')).statusCode).toBe(400);
  });

  it('needs a signed-in client', async () => {
    const response = await getUser(demo.user.id, {});
    expect(response.statusCode).toBe(401);
  });
});
