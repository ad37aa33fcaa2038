/**
 * POST /api/telegram_auth/: signs in the account linked to the Telegram id, or creates
 * one (confirmed, without email or password) named after the Telegram username, or
 * `tg<id>` when that does not fit or is taken.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { telegramAuth, type TelegramAuthRequest } from '../../../contracts/telegram.ts';
import type { Locale } from '../../../src/i18n/locales.ts';
import { USERNAME_PATTERN } from '../../../src/lib/validation.ts';
import { signIn } from '../../auth/sign-in.ts';
import { checkTelegramLogin } from '../../auth/telegram.ts';
import type { Db } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { UserRow } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import { findUserByTelegramId, insertUser, usernameTaken } from '../../repositories/users-repository.ts';

/** A name from Telegram, safe to store: no control characters, within the column's 150. */
function cleanName(value: string | undefined): string {
  return (value ?? '')
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .slice(0, 150);
}

async function freeUsername(db: Db, data: TelegramAuthRequest): Promise<string> {
  const candidates = [data.username, `tg${data.id}`].filter(
    (name): name is string => !!name && USERNAME_PATTERN.test(name),
  );
  for (const name of candidates) if (!(await usernameTaken(db, name))) return name;
  // tg<id> taken by someone who chose it: add a number until one is free.
  for (let suffix = 2; ; suffix++) {
    const name = `tg${data.id}_${suffix}`;
    if (!(await usernameTaken(db, name))) return name;
  }
}

async function createTelegramUser(db: Db, data: TelegramAuthRequest, language: Locale): Promise<UserRow> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await insertUser(db, {
        username: await freeUsername(db, data),
        email: null,
        password_hash: null,
        first_name: cleanName(data.first_name),
        last_name: cleanName(data.last_name),
        language,
        is_verified: true,
        telegram_id: String(data.id),
      });
    } catch (error) {
      // Two first sign-ins at once: the other one created the account (or took the name).
      if (!isUniqueViolation(error) || attempt >= 3) throw error;
      const existing = await findUserByTelegramId(db, data.id);
      if (existing) return existing;
    }
  }
}

const telegramRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...telegramAuth,
    handler: async (request) => {
      const bot = app.config.telegram;
      if (!bot) throw ApiError.notFound();
      await app.rateLimits.consume('telegramPerIp', request.ip);

      const check = checkTelegramLogin(request.body, bot.botToken, app.clock.now());
      if (check === 'invalid') throw ApiError.detail(400, 'error.telegramInvalid');
      if (check === 'stale') throw ApiError.detail(400, 'error.telegramExpired');

      const linked = await findUserByTelegramId(app.db, request.body.id);
      if (linked) return signIn(app, request, linked, { notify: true });
      const created = await createTelegramUser(app.db, request.body, request.locale);
      return signIn(app, request, created, { notify: false });
    },
  });
};

export default telegramRoutes;
