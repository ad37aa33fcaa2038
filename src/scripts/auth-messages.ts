import type { MessageKey } from '../i18n/dictionary.ts';
import { API_ERROR_KEYS } from '../lib/translator.ts';

/** The strings the auth form scripts may show, passed to them in the form's data-messages. */
export const AUTH_FORM_KEYS = [
  ...API_ERROR_KEYS,
  'error.required',
  'error.format.email',
  'error.maxLength',
  'validation.username',
  'validation.passwordShort',
  'validation.passwordNumeric',
  'validation.passwordLikeUser',
  'validation.passwordMismatch',
  'validation.code',
  'auth.resendIn',
  'auth.codeResent',
  'auth.codeSentTo',
  'auth.missingEmail',
  'auth.resetDone',
  'auth.telegramFailed',
  'auth.telegramLoading',
] as const satisfies readonly MessageKey[];
