import type { UserData } from '../../contracts/auth.ts';
import { codeProblem } from '../lib/validation.ts';
import { continueSignIn, readFlow, updateFlow, type TwoFactorChallenge } from './auth-flow.ts';
import { createFormKit, onSubmit, resendCountdown } from './form-kit.ts';

type Purpose = 'signup' | 'login' | 'two_factor';

/**
 * The code screens (/verification, /loginVerification): checks an emailed code for
 * `signup` or `login`, or an authenticator code for `two_factor`, through POST /api/otp/.
 */
export function enhanceCodeForm(form: HTMLFormElement): void {
  const kit = createFormKit(form);
  const purpose = form.dataset.purpose as Purpose;
  const flow = readFlow();

  if (purpose === 'two_factor') {
    onSubmit(kit, async ({ code = '' }) => {
      const value = code.trim();
      if (!kit.check({ code: value ? null : 'error.required' })) return;
      continueSignIn(await kit.post<UserData | TwoFactorChallenge>('/api/otp/', { purpose, challenge: flow.challenge, code: value }));
    });
    return;
  }

  const sentTo = form.querySelector<HTMLElement>('[data-sent-to]');
  if (!flow.email) {
    kit.showFieldError('code', kit.t('auth.missingEmail'));
    form.querySelectorAll('button').forEach((button) => (button.disabled = true));
    return;
  }
  if (sentTo) sentTo.textContent = kit.t('auth.codeSentTo', { email: flow.email });

  onSubmit(kit, async ({ code = '' }) => {
    const value = code.replace(/\s+/g, '');
    if (!kit.check({ code: codeProblem(value) })) return;
    continueSignIn(await kit.post<UserData | TwoFactorChallenge>('/api/otp/', { purpose, email: flow.email, code: value }));
  });

  const resend = form.querySelector<HTMLButtonElement>('[data-resend]');
  if (!resend) return;
  const startCountdown = resendCountdown(resend, kit.t, () => readFlow().resendAt ?? 0);
  startCountdown();
  resend.addEventListener('click', async () => {
    kit.clearErrors();
    try {
      const sent = await kit.post<{ resend_after: number }>('/api/otp/', { purpose, email: flow.email });
      updateFlow({ resendAt: Date.now() + sent.resend_after * 1000 });
      kit.showNotice(kit.t('auth.codeResent'));
      startCountdown();
    } catch (error) {
      kit.showError(error);
    }
  });
}

