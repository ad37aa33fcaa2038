import { emailProblem, passwordProblem, usernameProblem } from '../lib/validation.ts';
import { here, readFlow, updateFlow } from './auth-flow.ts';
import { createFormKit, onSubmit } from './form-kit.ts';

/** /signup: creates an unconfirmed account and moves on to the emailed code. */
export function enhanceSignupForm(form: HTMLFormElement): void {
  const kit = createFormKit(form);
  // A ?ref= link prefills the code and keeps it through the flow (and language switches).
  const ref = new URLSearchParams(window.location.search).get('ref')?.trim().slice(0, 32) || readFlow().ref;
  const referral = form.elements.namedItem('referral_code') as HTMLInputElement;
  if (ref) {
    updateFlow({ ref });
    referral.value = ref;
  }

  onSubmit(kit, async (values) => {
    const username = values.username?.trim() ?? '';
    const email = values.email?.trim() ?? '';
    const password = values.password ?? '';
    const referralCode = values.referral_code?.trim() ?? '';
    const ok = kit.check({
      username: usernameProblem(username),
      email: emailProblem(email),
      password: passwordProblem(password, { username, email }),
      password2: password2Problem(password, values.password2 ?? ''),
    });
    if (!ok) return;
    const created = await kit.post<{ email: string; resend_after: number }>('/api/register/', {
      username,
      email,
      password,
      language: document.documentElement.lang,
      ...(referralCode ? { referral_code: referralCode } : {}),
    });
    updateFlow({ email: created.email, resendAt: Date.now() + created.resend_after * 1000 });
    window.location.assign(here('/verification'));
  });
}

function password2Problem(password: string, repeated: string) {
  return password && repeated !== password ? ('validation.passwordMismatch' as const) : null;
}
