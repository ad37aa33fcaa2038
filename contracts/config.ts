/** GET /api/config/: public settings the site needs before anyone signs in (sign-in options, push key). */
import { Type, type Static } from 'typebox';
import { errorsFor, Nullable } from './common.ts';

export const PublicConfig = Type.Object(
  {
    telegram_bot_username: Nullable(Type.String(), 'The Telegram Login Widget bot; null: no Telegram sign-in'),
    vapid_public_key: Type.String({
      description: 'The web push (VAPID) public key, base64url: the applicationServerKey to subscribe with',
    }),
  },
  { additionalProperties: false },
);
export type PublicConfig = Static<typeof PublicConfig>;

export const getConfig = {
  method: 'GET',
  url: '/api/config/',
  schema: {
    summary: 'Public settings: which sign-in options are available',
    tags: ['config'],
    response: { 200: PublicConfig, ...errorsFor() },
  },
} as const;
