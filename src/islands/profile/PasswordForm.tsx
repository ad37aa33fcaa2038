import { useState, type SubmitEvent } from 'react';
import type { User } from '../../../contracts/users.ts';
import type { T } from '../../lib/translator.ts';
import { passwordProblem } from '../../lib/validation.ts';
import { changePassword } from '../../stores/account.ts';
import { Alert, Field, Section, useSubmit } from '../shared/forms.tsx';

export function PasswordForm({ t, user }: { t: T; user: User }) {
  const form = useSubmit(t);
  const [done, setDone] = useState(false);

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const element = event.currentTarget;
    const data = Object.fromEntries(new FormData(element)) as Record<string, string>;
    const problems: Record<string, string> = {};
    if (!data.current_password) problems.current_password = t('error.required');
    const weak = passwordProblem(data.new_password ?? '', user);
    if (weak) problems.new_password = t(weak, { limit: 128 });
    else if (data.new_password !== data.new_password2) problems.new_password2 = t('validation.passwordMismatch');
    if (Object.keys(problems).length) return form.setFields(problems);
    setDone(false);
    form.run(async () => {
      await changePassword(data.current_password!, data.new_password!);
      element.reset();
      setDone(true);
    });
  };

  return (
    <Section title={t('profile.security')}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        {form.error && <Alert>{form.error}</Alert>}
        {done && <Alert tone="positive">{t('profile.passwordChanged')}</Alert>}
        <input type="text" name="username" autoComplete="username" defaultValue={user.username} hidden readOnly />
        <Field id="password-current" name="current_password" type="password" label={t('profile.currentPassword')} autoComplete="current-password" maxLength={128} error={form.fields.current_password} />
        <Field id="password-new" name="new_password" type="password" label={t('auth.newPassword')} hint={t('auth.passwordHint')} autoComplete="new-password" maxLength={128} error={form.fields.new_password} />
        <Field id="password-new2" name="new_password2" type="password" label={t('auth.passwordRepeat')} autoComplete="new-password" maxLength={128} error={form.fields.new_password2} />
        <div>
          <button type="submit" className="btn-secondary" disabled={form.busy}>
            {form.busy ? t('profile.saving') : t('profile.changePassword')}
          </button>
        </div>
      </form>
    </Section>
  );
}
