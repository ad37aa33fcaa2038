import { codeProblem, emailProblem, passwordProblem } from '../lib/validation.ts';
import { here, readFlow, updateFlow } from './auth-flow.ts';
import { createFormKit, onSubmit } from './form-kit.ts';

/** /reset: asks for a reset code (the answer is the same whether or not the email has an account). */
export function enhanceResetForm(form: HTMLFormElement): void {
  const kit = createFormKit(form);
  onSubmit(kit, async ({ email = '' }) => {
    const address = email.trim();
    if (!kit.check({ email: emailProblem(address) })) return;
    const sent = await kit.post<{ resend_after: number }>('/api/password_reset/', { email: address });
    updateFlow({ email: address, resendAt: Date.now() + sent.resend_after * 1000 });
    window.location.assign(here('/verificationReset'));
  });
}

/** /verificationReset: the emailed code and a new password; every session is then signed out. */
export function enhanceNewPasswordForm(form: HTMLFormElement): void {
  const kit = createFormKit(form);
  const { email } = readFlow();
  const sentTo = form.querySelector<HTMLElement>('[data-sent-to]');
  if (!email) {
    kit.showFieldError('code', kit.t('auth.missingEmail'));
    form.querySelector<HTMLButtonElement>('button[type="submit"]')!.disabled = true;
    return;
  }
  if (sentTo) sentTo.textContent = kit.t('auth.codeSentTo', { email });
  // Lets password managers file the new password under the right account.
  (form.elements.namedItem('email') as HTMLInputElement).value = email;

  onSubmit(kit, async ({ code = '', password = '', password2 = '' }) => {
    const value = code.replace(/\s+/g, '');
    const ok = kit.check({
      code: codeProblem(value),
      password: passwordProblem(password, { email }),
      password2: password2 === password ? null : 'validation.passwordMismatch',
    });
    if (!ok) return;
    await kit.post('/api/password_reset/', { email, code: value, password });
    updateFlow({ email: undefined });
    kit.form.querySelectorAll('input, button').forEach((element) => element.setAttribute('disabled', ''));
    kit.showNotice(kit.t('auth.resetDone'));
    window.setTimeout(() => window.location.assign(here('/login')), 2500);
  });
}
