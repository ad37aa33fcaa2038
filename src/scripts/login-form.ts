import type { UserData } from '../../contracts/auth.ts';
import { apiRequest } from '../lib/api-client.ts';
import { API_ERROR_KEYS } from '../lib/translator.ts';
import { defaultLocale, isLocale, localizePath, LANG_STORAGE_KEY } from '../i18n/locales.ts';
import { DASHBOARDS_PATH } from '../lib/routes.ts';
import { NEXT_PARAM, USER_DATA_KEY } from '../lib/storage-keys.ts';
import type { MessageKey } from '../i18n/dictionary.ts';
import { createFormKit } from './form-kit.ts';

export const LOGIN_FORM_KEYS = [...API_ERROR_KEYS, 'error.required'] as const satisfies readonly MessageKey[];

/** Where to go after signing in: the guarded page the visitor came from, if it is ours. */
export function afterLoginPath(search: string, locale: string): string {
  const next = new URLSearchParams(search).get(NEXT_PARAM);
  const lang = isLocale(locale) ? locale : defaultLocale;
  const safe = next && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\') ? next : DASHBOARDS_PATH;
  return localizePath(safe, lang);
}

export function enhanceLoginForm(form: HTMLFormElement): void {
  const kit = createFormKit(form);
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    kit.clearErrors();
    const { username = '', password = '' } = kit.values();
    let valid = true;
    for (const [field, value] of Object.entries({ username: username.trim(), password })) {
      if (!value) {
        kit.showFieldError(field, kit.t('error.required'));
        valid = false;
      }
    }
    if (!valid) return;

    kit.setBusy(true);
    const lang = localStorage.getItem(LANG_STORAGE_KEY) ?? document.documentElement.lang;
    try {
      const data = await apiRequest<UserData>('/api/login/', {
        method: 'POST',
        body: { username: username.trim(), password },
        lang,
      });
      localStorage.setItem(USER_DATA_KEY, JSON.stringify(data));
      window.location.assign(afterLoginPath(window.location.search, document.documentElement.lang));
    } catch (error) {
      kit.setBusy(false);
      kit.showError(error);
    }
  });
}
