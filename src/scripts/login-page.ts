import type { UserData } from '../../contracts/auth.ts';
import { ApiError } from '../lib/api-client.ts';
import { emailProblem } from '../lib/validation.ts';
import { continueSignIn, here, rememberNext, updateFlow, type TwoFactorChallenge } from './auth-flow.ts';
import { createFormKit, onSubmit } from './form-kit.ts';
import { offerTelegramLogin } from './telegram-login.ts';

/** /login: password sign-in, "sign in with a code", and Telegram when the operator configured a bot. */
export function enhanceLoginPage(): void {
  rememberNext();
  const passwordForm = document.getElementById('login-form') as HTMLFormElement;
  const codeForm = document.getElementById('code-login-form') as HTMLFormElement;
  const password = createFormKit(passwordForm);
  const code = createFormKit(codeForm);

  onSubmit(password, async ({ username = '', password: secret = '' }) => {
    const identifier = username.trim();
    if (!password.check({ username: identifier ? null : 'error.required', password: secret ? null : 'error.required' })) return;
    try {
      continueSignIn(await password.post<UserData | TwoFactorChallenge>('/api/login/', { username: identifier, password: secret }));
    } catch (error) {
      // An unconfirmed account: the server has emailed a fresh code; finish signing up.
      const data = error instanceof ApiError ? (error.data as { code?: string; email?: string } | null) : null;
      if (error instanceof ApiError && error.status === 403 && data?.code === 'unverified' && data.email) {
        updateFlow({ email: data.email, resendAt: Date.now() + 60_000 });
        window.location.assign(here('/verification'));
        return;
      }
      throw error;
    }
  });

  onSubmit(code, async ({ email = '' }) => {
    const address = email.trim();
    if (!code.check({ email: emailProblem(address) })) return;
    const sent = await code.post<{ resend_after: number }>('/api/otp/', { purpose: 'login', email: address });
    updateFlow({ email: address, challenge: undefined, resendAt: Date.now() + sent.resend_after * 1000 });
    window.location.assign(here('/loginVerification'));
  });

  const toggle = document.getElementById('login-mode') as HTMLButtonElement;
  toggle.addEventListener('click', () => {
    const toCode = codeForm.hidden;
    codeForm.hidden = !toCode;
    passwordForm.hidden = toCode;
    toggle.textContent = (toCode ? toggle.dataset.passwordLabel : toggle.dataset.codeLabel) ?? '';
    (toCode ? codeForm : passwordForm).querySelector<HTMLInputElement>('input')?.focus();
  });

  offerTelegramLogin(password);
}
