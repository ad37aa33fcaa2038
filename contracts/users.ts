/** The User resource: GET /api/users/{id}/ (PUT, PATCH and DELETE come later). */
import { Type, type Static } from 'typebox';
import { locales } from '../src/i18n/locales.ts';
import { errorsFor, Id, IdParams } from './common.ts';

export const Language = Type.Enum([...locales], { description: 'Interface language' });
export type Language = Static<typeof Language>;

export const User = Type.Object(
  {
    id: Id,
    username: Type.String(),
    email: Type.String({ format: 'email' }),
    first_name: Type.String(),
    last_name: Type.String(),
    language: Language,
    is_verified: Type.Boolean({ description: 'The email address is confirmed' }),
    unread_message_count: Type.Integer({ minimum: 0, description: 'Unread notifications (the bell count)' }),
    referral_code: Type.String({ description: 'Code friends sign up with' }),
    date_joined: Type.String({ format: 'date-time' }),
  },
  { additionalProperties: false },
);
export type User = Static<typeof User>;

export const getUser = {
  method: 'GET',
  url: '/api/users/:id/',
  schema: {
    summary: 'A user profile; only your own (any other id is a 404)',
    tags: ['users'],
    security: [{ bearerAuth: [] }],
    params: IdParams,
    response: { 200: User, ...errorsFor(400, 401, 404) },
  },
} as const;
