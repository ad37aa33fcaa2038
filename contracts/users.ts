/**
 * The User resource: GET, PUT, PATCH and DELETE /api/users/{id}/ (your own id only; any
 * other is a 404) and POST /api/users/{id}/verify_email/ to confirm a new address.
 */
import { Type, type Static } from 'typebox';
import { locales } from '../src/i18n/locales.ts';
import { PASSWORD_MAX_LENGTH as NEW_PASSWORD_MAX_LENGTH, USERNAME_PATTERN } from '../src/lib/validation.ts';
import { errorsFor, Id, IdParams, MESSAGE_KEYWORD, Nullable, PlainText } from './common.ts';

export const Language = Type.Enum([...locales], { description: 'Interface language' });
export type Language = Static<typeof Language>;

/** RFC 5321's limit on an address. */
export const EMAIL_MAX_LENGTH = 254;
export const NAME_MAX_LENGTH = 150;
/** Long enough for any passphrase (OWASP asks for at least 64), short enough to bound hashing work. */
export const PASSWORD_MAX_LENGTH = 256;
export { NEW_PASSWORD_MAX_LENGTH };

/** No "@" in usernames: the login field takes a username or an email (src/lib/validation.ts). */
export const Username = Type.String({
  maxLength: 32,
  // The forms' pattern, length included, so a short name hears the one shared wording.
  pattern: USERNAME_PATTERN.source,
  [MESSAGE_KEYWORD]: 'validation.username',
  description: '3-32 letters, digits, dots, dashes or underscores; unique whatever the letter case',
});

export const Email = Type.String({ format: 'email', maxLength: EMAIL_MAX_LENGTH });

/** A password being chosen: its rules (length, common, like the username) are checked by the server. */
export const NewPassword = Type.String({
  maxLength: NEW_PASSWORD_MAX_LENGTH,
  description: 'At least 8 characters, not only digits, not a common password, not like the username or email',
});

/** A password being checked: the longest any account may have. */
export const CurrentPassword = Type.String({ minLength: 1, maxLength: PASSWORD_MAX_LENGTH });

export const User = Type.Object(
  {
    id: Id,
    username: Type.String(),
    email: Nullable(Type.String({ format: 'email' }), 'Null for a Telegram account that has not added one'),
    first_name: Type.String(),
    last_name: Type.String(),
    language: Language,
    is_verified: Type.Boolean({ description: 'The email address is confirmed' }),
    unread_message_count: Type.Integer({ minimum: 0, description: 'Unread notifications (the bell count)' }),
    referral_code: Type.String({ description: 'Code friends sign up with' }),
    date_joined: Type.String({ format: 'date-time' }),
    totp_enabled: Type.Boolean({ description: 'Two-factor authentication is on' }),
    has_password: Type.Boolean({ description: 'False for Telegram accounts that never set one' }),
    telegram_linked: Type.Boolean({ description: 'Signs in with Telegram' }),
    pending_email: Nullable(
      Type.String({ format: 'email' }),
      'A new address waiting for its code (POST /api/users/{id}/verify_email/)',
    ),
  },
  { additionalProperties: false },
);
export type User = Static<typeof User>;

const profileFields = {
  first_name: PlainText({ maxLength: NAME_MAX_LENGTH }),
  last_name: PlainText({ maxLength: NAME_MAX_LENGTH }),
  username: Username,
  language: Language,
  email: Type.String({
    format: 'email',
    maxLength: EMAIL_MAX_LENGTH,
    description: 'Not applied at once: kept as pending_email and confirmed by a code sent to it',
  }),
  current_password: Type.String({
    maxLength: PASSWORD_MAX_LENGTH,
    description: 'Needed with new_password when the account has a password',
  }),
  new_password: NewPassword,
};

export const UpdateUserRequest = Type.Object(
  {
    first_name: Type.Optional(profileFields.first_name),
    last_name: Type.Optional(profileFields.last_name),
    username: Type.Optional(profileFields.username),
    language: Type.Optional(profileFields.language),
    email: Type.Optional(profileFields.email),
    current_password: Type.Optional(profileFields.current_password),
    new_password: Type.Optional(profileFields.new_password),
  },
  { additionalProperties: false },
);
export type UpdateUserRequest = Static<typeof UpdateUserRequest>;

export const ReplaceUserRequest = Type.Object(
  {
    first_name: profileFields.first_name,
    last_name: profileFields.last_name,
    username: profileFields.username,
    language: profileFields.language,
    email: Type.Optional(profileFields.email),
    current_password: Type.Optional(profileFields.current_password),
    new_password: Type.Optional(profileFields.new_password),
  },
  { additionalProperties: false },
);
export type ReplaceUserRequest = Static<typeof ReplaceUserRequest>;

export const DeleteUserRequest = Type.Object(
  {
    password: Type.Optional(
      Type.String({ maxLength: PASSWORD_MAX_LENGTH, description: 'Needed when the account has one' }),
    ),
    confirm: Type.Optional(
      Type.String({ maxLength: 16, description: 'Accounts without a password confirm with "DELETE"' }),
    ),
    code: Type.Optional(
      Type.String({ maxLength: 20, description: 'Authenticator or recovery code, needed when two-factor is on' }),
    ),
  },
  { additionalProperties: false },
);
export type DeleteUserRequest = Static<typeof DeleteUserRequest>;

export const VerifyEmailRequest = Type.Object(
  { code: Type.String({ maxLength: 20, description: 'The 6-digit code sent to the new address' }) },
  { additionalProperties: false },
);
export type VerifyEmailRequest = Static<typeof VerifyEmailRequest>;

const userRoute = { tags: ['users'], security: [{ bearerAuth: [] }], params: IdParams } as const;

export const getUser = {
  method: 'GET',
  url: '/api/users/:id/',
  schema: {
    summary: 'A user profile; only your own (any other id is a 404)',
    ...userRoute,
    response: { 200: User, ...errorsFor(400, 401, 404) },
  },
} as const;

const editDescription =
  'A new email is not applied at once: it becomes pending_email and a code goes to it. A password change ' +
  'needs current_password (when the account has one) and signs out every other session.';

export const replaceUser = {
  method: 'PUT',
  url: '/api/users/:id/',
  schema: {
    summary: 'Replace your profile (first_name, last_name, username and language are required)',
    description: editDescription,
    ...userRoute,
    body: ReplaceUserRequest,
    response: { 200: User, ...errorsFor(400, 401, 404, 413, 415, 429) },
  },
} as const;

export const updateUser = {
  method: 'PATCH',
  url: '/api/users/:id/',
  schema: {
    summary: 'Change some fields of your profile',
    description: editDescription,
    ...userRoute,
    body: UpdateUserRequest,
    response: { 200: User, ...errorsFor(400, 401, 404, 413, 415, 429) },
  },
} as const;

export const deleteUser = {
  method: 'DELETE',
  url: '/api/users/:id/',
  schema: {
    summary: 'Delete your account',
    description:
      'Confirm with the password (or `confirm: "DELETE"` for an account without one) and, when two-factor ' +
      'is on, a code. Signs out everywhere and anonymises the personal data; the ledger is kept.',
    ...userRoute,
    body: DeleteUserRequest,
    response: { 204: Type.Null({ description: 'Deleted' }), ...errorsFor(400, 401, 404, 413, 415, 429) },
  },
} as const;

export const verifyEmail = {
  method: 'POST',
  url: '/api/users/:id/verify_email/',
  schema: {
    summary: 'Confirm the pending email address with the code sent to it',
    ...userRoute,
    body: VerifyEmailRequest,
    response: { 200: User, ...errorsFor(400, 401, 404, 413, 415, 429) },
  },
} as const;
