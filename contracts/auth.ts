/** Signing in: POST /api/login/ (registration, one-time codes and sign-out come later). */
import { Type, type Static } from 'typebox';
import { errorsFor } from './common.ts';
import { User } from './users.ts';

/** Long enough for any passphrase (OWASP asks for at least 64), short enough to bound hashing work. */
export const PASSWORD_MAX_LENGTH = 256;
/** An email address can be 254 characters (RFC 5321), the longest thing the login field takes. */
export const IDENTIFIER_MAX_LENGTH = 254;

export const LoginRequest = Type.Object(
  {
    username: Type.String({ minLength: 1, maxLength: IDENTIFIER_MAX_LENGTH, description: 'Username or email address' }),
    password: Type.String({ minLength: 1, maxLength: PASSWORD_MAX_LENGTH }),
  },
  { additionalProperties: false },
);
export type LoginRequest = Static<typeof LoginRequest>;

/** What the client keeps as `userData` (spec §3): the bearer token and the signed-in user. */
export const UserData = Type.Object(
  {
    token: Type.String({ description: 'Send as `Authorization: Bearer <token>`' }),
    user: User,
  },
  { additionalProperties: false },
);
export type UserData = Static<typeof UserData>;

export const login = {
  method: 'POST',
  url: '/api/login/',
  schema: {
    summary: 'Sign in with a username or email and a password',
    description:
      'Answers the token and the user. Wrong credentials give 400 with a `detail` that does not say ' +
      'whether the account exists.',
    tags: ['auth'],
    body: LoginRequest,
    response: { 200: UserData, ...errorsFor(400, 413, 415) },
  },
} as const;
