import { useRef, type SubmitEvent } from 'react';
import type { User } from '../../../contracts/users.ts';
import type { T } from '../../lib/translator.ts';
import { deleteAccount, logout } from '../../stores/account.ts';
import { Alert, Field, Section, useSubmit } from '../shared/forms.tsx';

/** Log out, and delete the account behind a confirmation dialog. */
export function DangerZone({ t, user }: { t: T; user: User }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const action = useSubmit(t);

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;
    const body = user.has_password
      ? { password: data.password ?? '', ...(user.totp_enabled ? { code: data.code ?? '' } : {}) }
      : { confirm: data.confirm ?? '', ...(user.totp_enabled ? { code: data.code ?? '' } : {}) };
    action.run(() => deleteAccount(body));
  };

  return (
    <Section title={t('profile.danger')} intro={t('profile.dangerIntro')}>
      <div className="flex flex-wrap gap-3">
        <button type="button" className="btn-secondary" onClick={() => logout()}>
          {t('profile.logout')}
        </button>
        <button type="button" className="btn border border-danger-600 text-danger-700 hover:bg-danger-50" onClick={() => dialog.current?.showModal()}>
          {t('profile.deleteAccount')}
        </button>
      </div>
      <dialog ref={dialog} aria-labelledby="delete-title" className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-lg p-0 shadow-pop backdrop:bg-ink-900/50">
        <form onSubmit={submit} noValidate className="flex flex-col gap-4 p-6">
          <h2 id="delete-title" className="text-lg font-semibold text-ink-900">
            {t('profile.deleteConfirmTitle')}
          </h2>
          <p className="text-sm text-ink-600">{user.has_password ? t('profile.deleteConfirmText') : t('profile.deleteConfirmTelegram')}</p>
          {action.error && <Alert>{action.error}</Alert>}
          {user.has_password ? (
            <Field id="delete-password" name="password" type="password" label={t('auth.password')} autoComplete="current-password" maxLength={128} error={action.fields.password} />
          ) : (
            <Field id="delete-confirm" name="confirm" label="DELETE" autoComplete="off" maxLength={10} error={action.fields.confirm} dir="ltr" />
          )}
          {user.totp_enabled && (
            <Field id="delete-code" name="code" label={t('profile.twoFactorCode')} autoComplete="one-time-code" maxLength={20} error={action.fields.code} />
          )}
          <div className="flex justify-end gap-3">
            <button type="button" className="btn-ghost" onClick={() => dialog.current?.close()}>
              {t('profile.cancel')}
            </button>
            <button type="submit" className="btn bg-danger-600 text-white hover:bg-danger-700" disabled={action.busy}>
              {action.busy ? t('profile.deleting') : t('profile.deleteConfirm')}
            </button>
          </div>
        </form>
      </dialog>
    </Section>
  );
}
