/**
 * The rules for a new password: the shared ones of src/lib/validation.ts (length, not
 * only digits, not like the username or email), so the forms and the API agree, plus
 * the one only the server can check: not among the most common passwords
 * (common-passwords.txt, read once).
 */
import { readFileSync } from 'node:fs';
import { PASSWORD_MAX_LENGTH, passwordProblem } from '../../src/lib/validation.ts';
import type { Message } from '../lib/api-error.ts';

let commonPasswords: Set<string> | undefined;

function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(
    readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
      .split('\n')
      .map((line) => line.trim().toLowerCase())
      .filter((line) => line && !line.startsWith('#')),
  );
  return commonPasswords.has(password.toLowerCase());
}

export interface PasswordOwner {
  username?: string | null;
  email?: string | null;
}

/** What is wrong with `password` as a new password of `owner`, or null when it is fine. */
export function newPasswordProblem(password: string, owner: PasswordOwner = {}): Message | null {
  const shared = passwordProblem(password, owner);
  if (shared === 'error.maxLength') return { key: shared, params: { limit: PASSWORD_MAX_LENGTH } };
  if (shared) return { key: shared };
  if (isCommonPassword(password)) return { key: 'validation.passwordCommon' };
  return null;
}
