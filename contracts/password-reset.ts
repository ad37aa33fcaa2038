/** POST /api/password_reset/: `{email}` sends a code; `{email, code, password}` sets the new password. */
import { Type, type Static } from 'typebox';
import { errorsFor } from './common.ts';
import { CodeSent } from './otp.ts';
import { Email, NewPassword } from './users.ts';

export const PasswordResetRequest = Type.Object(
  {
    email: Email,
    code: Type.Optional(Type.String({ maxLength: 20, description: 'The 6-digit code from the email' })),
    password: Type.Optional(NewPassword),
  },
  { additionalProperties: false },
);
export type PasswordResetRequest = Static<typeof PasswordResetRequest>;

export const PasswordResetDone = Type.Object({ detail: Type.String() }, { additionalProperties: false });
export type PasswordResetDone = Static<typeof PasswordResetDone>;

export const passwordReset = {
  method: 'POST',
  url: '/api/password_reset/',
  schema: {
    summary: 'Reset a forgotten password with an emailed code',
    description:
      'Sending answers the same whether or not the email has an account. Setting the password signs out ' +
      'every session of the account and emails a notice.',
    tags: ['auth'],
    body: PasswordResetRequest,
    response: { 200: Type.Union([CodeSent, PasswordResetDone]), ...errorsFor(400, 413, 415, 429) },
  },
} as const;
