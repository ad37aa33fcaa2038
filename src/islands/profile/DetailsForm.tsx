import { useState, type SubmitEvent } from 'react';
import type { User } from '../../../contracts/users.ts';
import { languageNames, locales, type Locale } from '../../i18n/locales.ts';
import type { T } from '../../lib/translator.ts';
import { emailProblem, usernameProblem } from '../../lib/validation.ts';
import { confirmEmailChange, updateProfile } from '../../stores/account.ts';
import { Alert, Field, Section, useSubmit } from '../shared/forms.tsx';

export function DetailsForm({ t, user }: { t: T; user: User }) {
  const form = useSubmit(t);
  const confirm = useSubmit(t);
  const [saved, setSaved] = useState<string | null>(null);

  const save = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;
    const username = data.username!.trim();
    const email = data.email!.trim();
    const problems = { username: usernameProblem(username), email: emailProblem(email) };
    const failed = Object.entries(problems).filter(([, key]) => key);
    if (failed.length) return form.setFields(Object.fromEntries(failed.map(([field, key]) => [field, t(key!)])));
    setSaved(null);
    form.run(async () => {
      const changes = {
        first_name: data.first_name!.trim(),
        last_name: data.last_name!.trim(),
        username,
        language: data.language as Locale,
        ...(email.toLowerCase() !== (user.email ?? '').toLowerCase() ? { email } : {}),
      };
      await updateProfile(changes);
      setSaved(t('profile.saved'));
    });
  };

  const confirmEmail = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code') ?? '').trim();
    confirm.run(async () => {
      await confirmEmailChange(code);
      setSaved(t('profile.emailConfirmed'));
    });
  };

  return (
    <Section title={t('profile.details')} intro={t('profile.detailsIntro')}>
      <form onSubmit={save} noValidate className="flex flex-col gap-4">
        {form.error && <Alert>{form.error}</Alert>}
        {saved && <Alert tone="positive">{saved}</Alert>}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="profile-first-name" name="first_name" label={t('profile.firstName')} defaultValue={user.first_name} autoComplete="given-name" maxLength={150} error={form.fields.first_name} />
          <Field id="profile-last-name" name="last_name" label={t('profile.lastName')} defaultValue={user.last_name} autoComplete="family-name" maxLength={150} error={form.fields.last_name} />
        </div>
        <Field id="profile-username" name="username" label={t('auth.username')} defaultValue={user.username} autoComplete="username" maxLength={32} required error={form.fields.username} />
        <Field id="profile-email" name="email" type="email" label={t('auth.email')} defaultValue={user.email ?? ''} autoComplete="email" maxLength={254} error={form.fields.email} />
        <div>
          <label htmlFor="profile-language" className="field-label">
            {t('profile.language')}
          </label>
          <select id="profile-language" name="language" defaultValue={user.language} className="field-input">
            {locales.map((code) => (
              <option key={code} value={code} lang={code}>
                {languageNames[code]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <button type="submit" className="btn-primary" disabled={form.busy}>
            {form.busy ? t('profile.saving') : t('profile.save')}
          </button>
        </div>
      </form>
      {user.pending_email && (
        <form onSubmit={confirmEmail} noValidate className="mt-6 flex flex-col gap-3 border-t border-line pt-5">
          <p className="text-sm text-ink-700">{t('profile.emailPending', { email: user.pending_email })}</p>
          {confirm.error && <Alert>{confirm.error}</Alert>}
          <div className="flex flex-wrap items-end gap-3">
            <Field id="profile-email-code" name="code" label={t('auth.code')} inputMode="numeric" autoComplete="one-time-code" maxLength={6} error={confirm.fields.code} className="w-40" />
            <button type="submit" className="btn-secondary" disabled={confirm.busy}>
              {t('profile.confirmEmail')}
            </button>
          </div>
        </form>
      )}
    </Section>
  );
}
