import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkTelegramLogin, telegramDataCheckString, telegramHash } from './telegram.ts';

const BOT_TOKEN = '123456:TEST-bot-token-for-unit-tests_000';
const now = new Date('2026-11-21T12:00:00Z');
const authDate = Math.floor(now.getTime() / 1000) - 60;

/** Signed the way Telegram's documentation spells it out, independently of the module. */
function sign(fields: Record<string, string | number>) {
  const dataCheckString = Object.entries(fields)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([key, value]) => `${key}=${value}`)
    .join('\n');
  const secret = createHash('sha256').update(BOT_TOKEN).digest();
  return { ...fields, hash: createHmac('sha256', secret).update(dataCheckString).digest('hex') };
}

describe('Telegram login data', () => {
  const data = sign({ id: 4242, first_name: 'Ann', username: 'ann_tg', auth_date: authDate });

  it('builds the data-check-string from every field but the hash, sorted', () => {
    expect(telegramDataCheckString(data)).toBe(`auth_date=${authDate}\nfirst_name=Ann\nid=4242\nusername=ann_tg`);
    expect(telegramHash(data, BOT_TOKEN)).toBe(data.hash);
  });

  it('accepts data signed with the bot token', () => {
    expect(checkTelegramLogin(data, BOT_TOKEN, now)).toBe('valid');
  });

  it('refuses data changed after signing, or signed by another bot', () => {
    expect(checkTelegramLogin({ ...data, id: 4243 }, BOT_TOKEN, now)).toBe('invalid');
    expect(checkTelegramLogin({ ...data, last_name: 'Added' }, BOT_TOKEN, now)).toBe('invalid');
    expect(checkTelegramLogin(data, '654321:another-bot-token-entirely_00', now)).toBe('invalid');
    expect(checkTelegramLogin({ ...data, hash: 'not hex' }, BOT_TOKEN, now)).toBe('invalid');
    expect(checkTelegramLogin({ ...data, hash: data.hash.toUpperCase() }, BOT_TOKEN, now)).toBe('invalid');
  });

  it('refuses data more than a day old', () => {
    const old = sign({ id: 4242, auth_date: authDate - 86_400 });
    expect(checkTelegramLogin(old, BOT_TOKEN, now)).toBe('stale');
    const justInTime = sign({ id: 4242, auth_date: Math.floor(now.getTime() / 1000) - 86_400 });
    expect(checkTelegramLogin(justInTime, BOT_TOKEN, now)).toBe('valid');
  });
});
