import { apiRequest, ApiError, type ApiRequest } from '../lib/api-client.ts';
import { localizePath, splitLocale } from '../i18n/locales.ts';
import { LOGIN_PATH } from '../lib/routes.ts';
import { NEXT_PARAM } from '../lib/storage-keys.ts';
import { $lang } from './lang.ts';
import { $token, clearUserData } from './session.ts';

/** Spec §2/§6: any 401 means the session is gone: forget it and go to login. */
export function handleUnauthorized(): void {
  clearUserData();
  const here = splitLocale(window.location.pathname).path;
  window.location.assign(`${localizePath(LOGIN_PATH, $lang.get())}?${NEXT_PARAM}=${encodeURIComponent(here)}`);
}

/** An API call with the current token and language. */
export async function api<T>(path: string, request: Omit<ApiRequest, 'token' | 'lang'> = {}): Promise<T> {
  try {
    return await apiRequest<T>(path, { ...request, token: $token.get(), lang: $lang.get() });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401 && $token.get()) handleUnauthorized();
    throw error;
  }
}
