/**
 * Signing in and out: POST /api/login/, /api/logout/ and /api/logoutall/, and the
 * shapes every way in answers with (UserData, or a TwoFactorChallenge when two-factor
 * is on).
 */
import { Type, type Static } from 'typebox';
import { errorsFor, MESSAGE_KEYWORD, NO_CONTROL_CHARACTERS } from './common.ts';
import { CurrentPassword, EMAIL_MAX_LENGTH, User } from './users.ts';

export { PASSWORD_MAX_LENGTH } from './users.ts';
/** An email address can be 254 characters (RFC 5321), the longest thing the login field takes. */
export const IDENTIFIER_MAX_LENGTH = EMAIL_MAX_LENGTH;

export const LoginRequest = Type.Object(
  {
    username: Type.String({
      minLength: 1,
      maxLength: IDENTIFIER_MAX_LENGTH,
      pattern: NO_CONTROL_CHARACTERS,
      [MESSAGE_KEYWORD]: 'error.controlCharacters',
      description: 'Username or email address',
    }),
    password: CurrentPassword,
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

/**
 * The first factor passed, two-factor is on: no token yet. Send the challenge with an
 * authenticator or recovery code to POST /api/otp/ (purpose `two_factor`).
 */
export const TwoFactorChallenge = Type.Object(
  {
    two_factor_required: Type.Literal(true),
    challenge: Type.String({ description: 'Opaque; valid for 10 minutes and one successful use' }),
  },
  { additionalProperties: false },
);
export type TwoFactorChallenge = Static<typeof TwoFactorChallenge>;

export const SignInResult = Type.Union([UserData, TwoFactorChallenge]);
export type SignInResult = Static<typeof SignInResult>;

/** A right password for an account whose email is not confirmed yet; a fresh code is on its way. */
export const UnverifiedError = Type.Object(
  {
    detail: Type.String(),
    code: Type.Literal('unverified'),
    email: Type.String({ description: 'Where the code went' }),
  },
  { additionalProperties: false, description: 'The email is not confirmed: a new code was sent to it' },
);
export type UnverifiedError = Static<typeof UnverifiedError>;

export const login = {
  method: 'POST',
  url: '/api/login/',
  schema: {
    summary: 'Sign in with a username or email and a password',
    description:
      'Answers the token and the user, or a two-factor challenge. Wrong credentials give 400 with a `detail` ' +
      'that does not say whether the account exists.',
    tags: ['auth'],
    body: LoginRequest,
    response: { 200: SignInResult, 403: UnverifiedError, ...errorsFor(400, 413, 415, 429) },
  },
} as const;

export const logout = {
  method: 'POST',
  url: '/api/logout/',
  schema: {
    summary: 'Sign out: revoke the token of this request',
    tags: ['auth'],
    security: [{ bearerAuth: [] }],
    response: { 204: Type.Null({ description: 'Signed out' }), ...errorsFor(401) },
  },
} as const;

export const logoutAll = {
  method: 'POST',
  url: '/api/logoutall/',
  schema: {
    summary: 'Sign out everywhere: revoke every token of the user',
    tags: ['auth'],
    security: [{ bearerAuth: [] }],
    response: { 204: Type.Null({ description: 'Signed out everywhere' }), ...errorsFor(401) },
  },
} as const;
