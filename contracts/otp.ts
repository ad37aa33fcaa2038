/**
 * POST /api/otp/: one-time codes. With an email and no code it sends one (signup or
 * login); with a code it checks it and signs in; `two_factor` finishes a sign-in that
 * answered a TwoFactorChallenge.
 */
import { Type, type Static } from 'typebox';
import { SignInResult } from './auth.ts';
import { errorsFor } from './common.ts';
import { ResendAfter } from './registration.ts';
import { EMAIL_MAX_LENGTH } from './users.ts';

export const OtpPurpose = Type.Enum(['signup', 'login', 'two_factor']);
export type OtpPurpose = Static<typeof OtpPurpose>;

export const OtpRequest = Type.Object(
  {
    purpose: OtpPurpose,
    email: Type.Optional(
      Type.String({ format: 'email', maxLength: EMAIL_MAX_LENGTH, description: 'signup and login: the account email' }),
    ),
    code: Type.Optional(
      Type.String({
        maxLength: 20,
        description: 'The 6-digit emailed code; for two_factor an authenticator code or a recovery code',
      }),
    ),
    challenge: Type.Optional(Type.String({ maxLength: 128, description: 'two_factor: from the TwoFactorChallenge' })),
  },
  {
    additionalProperties: false,
    description:
      '`{purpose: signup|login, email}` sends a code; `{purpose: signup|login, email, code}` checks it; ' +
      '`{purpose: two_factor, challenge, code}` finishes a two-factor sign-in.',
  },
);
export type OtpRequest = Static<typeof OtpRequest>;

/** The same answer whether or not the address has an account. */
export const CodeSent = Type.Object(
  { detail: Type.String(), resend_after: ResendAfter },
  { additionalProperties: false, description: 'A code was sent if the address has an account' },
);
export type CodeSent = Static<typeof CodeSent>;

export const otp = {
  method: 'POST',
  url: '/api/otp/',
  schema: {
    summary: 'Send or check a one-time code, or finish a two-factor sign-in',
    description:
      'Sending answers the same whether or not the email has an account; another send within 60 seconds ' +
      'answers 429. A code works for 10 minutes and 5 tries, and only the newest one.',
    tags: ['auth'],
    body: OtpRequest,
    response: { 200: Type.Union([SignInResult, CodeSent]), ...errorsFor(400, 413, 415, 429) },
  },
} as const;
