/**
 * Account field rules shared by the API (server/auth) and the forms, so a form never
 * accepts what the server refuses. The server adds what only it can check (the
 * common-password list, uniqueness).
 */
import type { MessageKey } from '../i18n/dictionary.ts';

export const USERNAME_PATTERN = /^[A-Za-z0-9_.-]{3,32}$/;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const CODE_PATTERN = /^\d{6}$/;
/** Deliberately loose: the server's format check decides; this only catches typos early. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function usernameProblem(username: string): MessageKey | null {
  return USERNAME_PATTERN.test(username) ? null : 'validation.username';
}

export function emailProblem(email: string): MessageKey | null {
  return EMAIL_PATTERN.test(email) && email.length <= 254 ? null : 'error.format.email';
}

export function codeProblem(code: string): MessageKey | null {
  return CODE_PATTERN.test(code) ? null : 'validation.code';
}

/** Parts of the username and email local part long enough to matter (4+ characters). */
function personalParts(identity: { username?: string | null; email?: string | null }): string[] {
  const local = identity.email?.split('@')[0] ?? '';
  return [identity.username ?? '', local, ...local.split(/[._+-]/)]
    .map((part) => part.toLowerCase())
    .filter((part) => part.length >= 4);
}

export function passwordProblem(
  password: string,
  identity: { username?: string | null; email?: string | null } = {},
): MessageKey | null {
  if (password.length < PASSWORD_MIN_LENGTH) return 'validation.passwordShort';
  if (password.length > PASSWORD_MAX_LENGTH) return 'error.maxLength';
  if (/^\d+$/.test(password)) return 'validation.passwordNumeric';
  const lower = password.toLowerCase();
  if (personalParts(identity).some((part) => lower.includes(part) || part.includes(lower))) {
    return 'validation.passwordLikeUser';
  }
  return null;
}
