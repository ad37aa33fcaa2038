import type { UserData } from '../../contracts/auth.ts';
import { apiRequest } from '../lib/api-client.ts';
import { continueSignIn, type TwoFactorChallenge } from './auth-flow.ts';
import type { FormKit } from './form-kit.ts';

const WIDGET_URL = 'https://telegram.org/js/telegram-widget.js?22';

/** The fields Telegram adds to the auth URL (core.telegram.org/widgets/login#receiving-authorization-data). */
const TELEGRAM_FIELDS = ['id', 'first_name', 'last_name', 'username', 'photo_url', 'auth_date', 'hash'] as const;
const NUMERIC_FIELDS = new Set(['id', 'auth_date']);

/**
 * Telegram's redirect back to this page: the signed user data in the query. Taken out of
 * the address at once, so a reload or the back button never sends it twice.
 */
function takeTelegramRedirect(): Record<string, string | number> | null {
  const query = new URLSearchParams(window.location.search);
  if (!query.has('hash') || !query.has('auth_date') || !query.has('id')) return null;
  const user: Record<string, string | number> = {};
  for (const field of TELEGRAM_FIELDS) {
    const value = query.get(field);
    if (value !== null) user[field] = NUMERIC_FIELDS.has(field) ? Number(value) : value;
    query.delete(field);
  }
  const rest = query.toString();
  window.history.replaceState(null, '', `${window.location.pathname}${rest ? `?${rest}` : ''}${window.location.hash}`);
  return user;
}

/**
 * Shows "Continue with Telegram" only when the operator configured a bot, and loads
 * Telegram's widget script only when the person asks for it (no cost to the page otherwise).
 * The widget runs in redirect mode (`data-auth-url`): its callback mode (`data-onauth`)
 * evaluates a string with eval, which the site's Content-Security-Policy forbids.
 */
export async function offerTelegramLogin(kit: FormKit): Promise<void> {
  const returned = takeTelegramRedirect();
  if (returned) {
    try {
      continueSignIn(await kit.post<UserData | TwoFactorChallenge>('/api/telegram_auth/', returned));
    } catch (error) {
      kit.showError(error);
    }
  }
  const button = document.getElementById('telegram-login') as HTMLButtonElement | null;
  const slot = document.getElementById('telegram-widget');
  if (!button || !slot) return;
  let bot: string | null = null;
  try {
    const config = await apiRequest<{ telegram_bot_username: string | null }>('/api/config/', {
      lang: document.documentElement.lang,
    });
    bot = config.telegram_bot_username;
  } catch {
    return;
  }
  if (!bot) return;
  button.hidden = false;

  button.addEventListener('click', () => {
    button.disabled = true;
    button.textContent = button.dataset.loadingLabel ?? '';
    const script = document.createElement('script');
    script.async = true;
    script.src = WIDGET_URL;
    script.dataset.telegramLogin = bot;
    script.dataset.size = 'large';
    script.dataset.authUrl = `${window.location.origin}${window.location.pathname}`;
    script.dataset.requestAccess = 'write';
    script.dataset.lang = document.documentElement.lang;
    script.addEventListener('load', () => (button.hidden = true));
    script.addEventListener('error', () => {
      button.hidden = true;
      kit.showFieldError('telegram', kit.t('auth.telegramFailed'));
    });
    slot.replaceChildren(script);
  }, { once: true });
}
