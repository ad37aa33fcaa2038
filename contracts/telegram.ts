/** POST /api/telegram_auth/: sign in with the data of the Telegram Login Widget. */
import { Type, type Static } from 'typebox';
import { SignInResult } from './auth.ts';
import { errorsFor, Id } from './common.ts';

/** Exactly what the widget hands its callback (core.telegram.org/widgets/login#receiving-authorization-data). */
export const TelegramAuthRequest = Type.Object(
  {
    id: Id,
    first_name: Type.Optional(Type.String({ maxLength: 256 })),
    last_name: Type.Optional(Type.String({ maxLength: 256 })),
    username: Type.Optional(Type.String({ maxLength: 64 })),
    photo_url: Type.Optional(Type.String({ maxLength: 1024 })),
    auth_date: Type.Integer({ minimum: 0, maximum: 2 ** 40, description: 'Unix time of the sign-in' }),
    hash: Type.String({ maxLength: 64, description: 'HMAC-SHA-256 of the other fields, hex' }),
  },
  { additionalProperties: false },
);
export type TelegramAuthRequest = Static<typeof TelegramAuthRequest>;

export const telegramAuth = {
  method: 'POST',
  url: '/api/telegram_auth/',
  schema: {
    summary: 'Sign in with Telegram',
    description:
      'Checks the widget data as Telegram documents it and refuses data older than a day. Signs in the ' +
      'account with this Telegram id, or creates one. 404 when no Telegram bot is configured.',
    tags: ['auth'],
    body: TelegramAuthRequest,
    response: { 200: SignInResult, ...errorsFor(400, 404, 413, 415, 429) },
  },
} as const;
