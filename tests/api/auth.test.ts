import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../server/auth/tokens.ts';
import { useTranslations } from '../../src/i18n/index.ts';
import { insertUser } from './helpers/fixtures.ts';
import { type SignedIn, useTestApp } from './helpers/test-app.ts';

const en = useTranslations('en');
const tr = useTranslations('tr');

const t = useTestApp();
let demo: SignedIn;
beforeAll(async () => {
  demo = await t.signIn();
});

const me = (headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/api/users/${demo.user.id}/`, headers });

async function expectUnauthenticated(headers: Record<string, string>) {
  const response = await me(headers);
  expect(response.statusCode).toBe(401);
  expect(response.json()).toEqual({ detail: en('error.notAuthenticated') });
  expect(response.headers['www-authenticate']).toBe('Bearer');
}

/** A token of the demo user whose row a test can then change. */
async function freshToken(): Promise<{ headers: { authorization: string }; hash: string }> {
  const signedIn = await t.signIn();
  return { headers: signedIn.headers, hash: hashToken(signedIn.token) };
}

describe('bearer authentication', () => {
  it('lets a signed-in client in', async () => {
    const response = await me(demo.headers);
    expect(response.statusCode).toBe(200);
    expect(response.json().username).toBe('demo');
  });

  it('accepts the scheme in any letter case', async () => {
    expect((await me({ authorization: `bearer ${demo.token}` })).statusCode).toBe(200);
  });

  it('treats a missing, empty or "undefined" header as signed out', async () => {
    await expectUnauthenticated({});
    await expectUnauthenticated({ authorization: '' });
    await expectUnauthenticated({ authorization: 'Bearer' });
    await expectUnauthenticated({ authorization: 'Bearer ' });
    await expectUnauthenticated({ authorization: 'Bearer undefined' });
    await expectUnauthenticated({ authorization: 'Bearer null' });
  });

  it('refuses garbage and unknown tokens', async () => {
    await expectUnauthenticated({ authorization: 'Bearer not-a-token' });
    await expectUnauthenticated({ authorization: `Basic ${Buffer.from('demo:hashpower-2026').toString('base64')}` });
    await expectUnauthenticated({ authorization: `Bearer ${'A'.repeat(43)}` });
    await expectUnauthenticated({ authorization: `Bearer ${demo.token}x` });
    await expectUnauthenticated({ authorization: `Bearer ${demo.token} ${demo.token}` });
  });

  it('refuses an expired token', async () => {
    const token = await freshToken();
    await sql`update auth_tokens set created_at = now() - interval '8 days', expires_at = now() - interval '1 day'
              where token_hash = ${token.hash}`.execute(t.db);
    await expectUnauthenticated(token.headers);
  });

  it('refuses a revoked token', async () => {
    const token = await freshToken();
    await t.db
      .updateTable('auth_tokens')
      .set({ revoked_at: new Date() })
      .where('token_hash', '=', token.hash)
      .execute();
    await expectUnauthenticated(token.headers);
  });

  it('refuses the token of a deleted account', async () => {
    const { id } = await insertUser(t.db, { username: 'leaver' });
    const token = 'L'.repeat(43);
    await t.db
      .insertInto('auth_tokens')
      .values({ user_id: id, token_hash: hashToken(token), expires_at: new Date(Date.now() + 86_400_000) })
      .execute();
    const before = await t.app.inject({
      method: 'GET',
      url: `/api/users/${id}/`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(before.statusCode).toBe(200);
    await t.db.updateTable('users').set({ deleted_at: new Date() }).where('id', '=', String(id)).execute();
    await expectUnauthenticated({ authorization: `Bearer ${token}` });
  });

  it('says so in the client language', async () => {
    const response = await me({ 'accept-language': 'tr' });
    expect(response.json()).toEqual({ detail: tr('error.notAuthenticated') });
  });

  it('records when a token was last used, at most once a minute', async () => {
    const token = await freshToken();
    const lastUsed = () =>
      t.db
        .selectFrom('auth_tokens')
        .select('last_used_at')
        .where('token_hash', '=', token.hash)
        .executeTakeFirstOrThrow();
    expect((await lastUsed()).last_used_at).toBeNull();

    await me(token.headers);
    const first = (await lastUsed()).last_used_at;
    expect(first).toBeInstanceOf(Date);

    await me(token.headers);
    expect((await lastUsed()).last_used_at).toEqual(first);

    await sql`update auth_tokens set last_used_at = now() - interval '2 minutes' where token_hash = ${token.hash}`.execute(
      t.db,
    );
    const stale = (await lastUsed()).last_used_at!;
    await me(token.headers);
    expect((await lastUsed()).last_used_at!.getTime()).toBeGreaterThan(stale.getTime());
  });
});
