/**
 * Two-factor authentication (TOTP, RFC 6238: SHA-1, 30 s, 6 digits): POST
 * /api/enable_totp/ starts, /api/verify_totp/ confirms and turns it on,
 * /api/disable_totp/ turns it off.
 */
import { Type, type Static } from 'typebox';
import { errorsFor } from './common.ts';

export const TotpSetup = Type.Object(
  {
    secret: Type.String({ description: 'Base32 key, for entering by hand' }),
    otpauth_uri: Type.String({ description: 'otpauth://totp/... for authenticator apps' }),
    qr_svg: Type.String({ description: 'The URI as a QR code, an SVG document' }),
  },
  { additionalProperties: false },
);
export type TotpSetup = Static<typeof TotpSetup>;

export const TotpCodeRequest = Type.Object(
  { code: Type.String({ maxLength: 20, description: 'Authenticator code (disable_totp: or a recovery code)' }) },
  { additionalProperties: false },
);
export type TotpCodeRequest = Static<typeof TotpCodeRequest>;

export const RecoveryCodes = Type.Object(
  {
    recovery_codes: Type.Array(Type.String({ examples: ['abcd-efgh'] }), {
      description: 'Ten one-time codes for when the authenticator is lost; shown once',
    }),
  },
  { additionalProperties: false },
);
export type RecoveryCodes = Static<typeof RecoveryCodes>;

const totpRoute = { tags: ['two-factor'], security: [{ bearerAuth: [] }] } as const;

export const enableTotp = {
  method: 'POST',
  url: '/api/enable_totp/',
  schema: {
    summary: 'Start turning two-factor on: a new key, not active until verify_totp',
    description: 'Replaces a key that was started and not confirmed. 400 when two-factor is already on.',
    ...totpRoute,
    response: { 200: TotpSetup, ...errorsFor(400, 401) },
  },
} as const;

export const verifyTotp = {
  method: 'POST',
  url: '/api/verify_totp/',
  schema: {
    summary: 'Turn two-factor on with a code from the new key; answers the recovery codes',
    ...totpRoute,
    body: TotpCodeRequest,
    response: { 200: RecoveryCodes, ...errorsFor(400, 401, 413, 415, 429) },
  },
} as const;

export const disableTotp = {
  method: 'POST',
  url: '/api/disable_totp/',
  schema: {
    summary: 'Turn two-factor off with an authenticator or recovery code',
    ...totpRoute,
    body: TotpCodeRequest,
    response: { 204: Type.Null({ description: 'Two-factor is off' }), ...errorsFor(400, 401, 413, 415, 429) },
  },
} as const;
