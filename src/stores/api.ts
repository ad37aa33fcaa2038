import { apiRequest, ApiError, type ApiRequest } from '../lib/api-client.ts';
import { localizePath, splitLocale } from '../i18n/locales.ts';
import { LOGIN_PATH } from '../lib/routes.ts';
import { NEXT_PARAM } from '../lib/storage-keys.ts';
import { $lang } from './lang.ts';
import { $token, clearUserData } from './session.ts';

/**
 * Forgets the session and opens the login page of the current language; with
 * `returnHere`, login sends the visitor back to this page afterwards.
 */
export function leaveToLogin(returnHere: boolean): void {
  clearUserData();
  const here = splitLocale(window.location.pathname).path;
  const next = returnHere ? `?${NEXT_PARAM}=${encodeURIComponent(here)}` : '';
  window.location.assign(localizePath(LOGIN_PATH, $lang.get()) + next);
}

/** An API call with the current token and language. */
export async function api<T>(path: string, request: Omit<ApiRequest, 'token' | 'lang'> = {}): Promise<T> {
  try {
    return await apiRequest<T>(path, { ...request, token: $token.get(), lang: $lang.get() });
  } catch (error) {
    // Spec §2/§6: any 401 means the session is gone.
    if (error instanceof ApiError && error.status === 401 && $token.get()) leaveToLogin(true);
    throw error;
  }
}
