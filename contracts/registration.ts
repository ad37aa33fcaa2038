/** POST /api/register/: a new, unconfirmed account; a 6-digit code goes to its email. */
import { Type, type Static } from 'typebox';
import { errorsFor, MESSAGE_KEYWORD } from './common.ts';
import { Email, Language, NewPassword, Username } from './users.ts';

export const RegisterRequest = Type.Object(
  {
    username: Username,
    email: Email,
    password: NewPassword,
    referral_code: Type.Optional(
      Type.String({
        maxLength: 16,
        pattern: '^[A-Za-z0-9]*$',
        [MESSAGE_KEYWORD]: 'error.referralUnknown',
        description: 'The code of the friend who invited you, in any letter case; empty means none',
      }),
    ),
    language: Type.Optional(Language),
  },
  { additionalProperties: false },
);
export type RegisterRequest = Static<typeof RegisterRequest>;

/** How long until another code can be asked for, in seconds (the resend cooldown). */
export const ResendAfter = Type.Integer({ minimum: 0, description: 'Seconds until another code can be sent' });

export const RegisterResponse = Type.Object(
  {
    detail: Type.String(),
    email: Type.String({ description: 'Where the code went' }),
    resend_after: ResendAfter,
  },
  { additionalProperties: false },
);
export type RegisterResponse = Static<typeof RegisterResponse>;

export const register = {
  method: 'POST',
  url: '/api/register/',
  schema: {
    summary: 'Create an account; confirm it with the emailed code (POST /api/otp/, purpose signup)',
    description:
      'The account stays unconfirmed until the code is entered. Registering again with the email of an ' +
      'unconfirmed account replaces that registration and sends a new code.',
    tags: ['auth'],
    body: RegisterRequest,
    response: { 201: RegisterResponse, ...errorsFor(400, 413, 415, 429) },
  },
} as const;
