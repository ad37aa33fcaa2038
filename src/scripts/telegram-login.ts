import type { UserData } from '../../contracts/auth.ts';
import { apiRequest } from '../lib/api-client.ts';
import { continueSignIn, type TwoFactorChallenge } from './auth-flow.ts';
import type { FormKit } from './form-kit.ts';

const WIDGET_URL = 'https://telegram.org/js/telegram-widget.js?22';

declare global {
  interface Window {
    onTelegramAuth?: (user: Record<string, string | number>) => void;
  }
}

/**
 * Shows "Continue with Telegram" only when the operator configured a bot, and loads
 * Telegram's widget script only when the person asks for it (no cost to the page otherwise).
 */
export async function offerTelegramLogin(kit: FormKit): Promise<void> {
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

  window.onTelegramAuth = async (user) => {
    try {
      continueSignIn(await kit.post<UserData | TwoFactorChallenge>('/api/telegram_auth/', user));
    } catch (error) {
      kit.showError(error);
    }
  };

  button.addEventListener('click', () => {
    button.disabled = true;
    button.textContent = button.dataset.loadingLabel ?? '';
    const script = document.createElement('script');
    script.async = true;
    script.src = WIDGET_URL;
    script.dataset.telegramLogin = bot;
    script.dataset.size = 'large';
    script.dataset.onauth = 'onTelegramAuth(user)';
    script.dataset.requestAccess = 'write';
    script.addEventListener('load', () => (button.hidden = true));
    script.addEventListener('error', () => {
      button.hidden = true;
      kit.showFieldError('telegram', kit.t('auth.telegramFailed'));
    });
    slot.replaceChildren(script);
  }, { once: true });
}
