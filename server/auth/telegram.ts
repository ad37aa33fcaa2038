/**
 * Checks the data of the Telegram Login Widget as Telegram documents it
 * (core.telegram.org/widgets/login#checking-authorization): the data-check-string is
 * every received field but `hash`, as `key=value`, sorted by key, joined by "\n"; the
 * hash is its HMAC-SHA-256, hex, keyed with the SHA-256 of the bot token.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** Telegram's own advice: refuse data older than a day, it may have been stolen. */
export const TELEGRAM_AUTH_MAX_AGE_SECONDS = 24 * 60 * 60;

export type TelegramFields = Record<string, string | number | undefined>;
export type TelegramCheck = 'valid' | 'invalid' | 'stale';

export function telegramDataCheckString(fields: TelegramFields): string {
  return Object.keys(fields)
    .filter((key) => key !== 'hash' && fields[key] !== undefined)
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join('\n');
}

export function telegramHash(fields: TelegramFields, botToken: string): string {
  const secret = createHash('sha256').update(botToken).digest();
  return createHmac('sha256', secret).update(telegramDataCheckString(fields)).digest('hex');
}

export function checkTelegramLogin(fields: TelegramFields, botToken: string, now: Date): TelegramCheck {
  const received = String(fields.hash ?? '');
  if (!/^[0-9a-f]{64}$/.test(received)) return 'invalid';
  const expected = Buffer.from(telegramHash(fields, botToken), 'hex');
  if (!timingSafeEqual(Buffer.from(received, 'hex'), expected)) return 'invalid';
  const age = now.getTime() / 1000 - Number(fields.auth_date);
  return Number.isFinite(age) && age <= TELEGRAM_AUTH_MAX_AGE_SECONDS ? 'valid' : 'stale';
}
