import { useState, type SubmitEvent } from 'react';
import type { User } from '../../../contracts/users.ts';
import type { T } from '../../lib/translator.ts';
import { disableTotp, enableTotp, verifyTotp, type TotpSetup } from '../../stores/account.ts';
import { Alert, Field, Section, useSubmit } from '../shared/forms.tsx';

type Step = { name: 'idle' } | { name: 'setup'; setup: TotpSetup } | { name: 'codes'; codes: string[] } | { name: 'disable' };

const codeOf = (event: SubmitEvent<HTMLFormElement>) => String(new FormData(event.currentTarget).get('code') ?? '').trim();

/** Two-factor on (QR, code, recovery codes) and off (needs a code). */
export function TwoFactorPanel({ t, user }: { t: T; user: User }) {
  const action = useSubmit(t);
  const [step, setStep] = useState<Step>({ name: 'idle' });

  const start = () => action.run(async () => setStep({ name: 'setup', setup: await enableTotp() }));
  const confirm = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = codeOf(event);
    if (!code) return action.setFields({ code: t('error.required') });
    action.run(async () => setStep({ name: 'codes', codes: await verifyTotp(code) }));
  };
  const disable = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = codeOf(event);
    if (!code) return action.setFields({ code: t('error.required') });
    action.run(async () => {
      await disableTotp(code);
      setStep({ name: 'idle' });
    });
  };
  const cancel = (
    <button type="button" className="btn-ghost" onClick={() => setStep({ name: 'idle' })}>
      {t('profile.cancel')}
    </button>
  );

  return (
    <Section title={t('profile.twoFactor')} intro={user.totp_enabled ? t('profile.twoFactorOn') : t('profile.twoFactorOff')}>
      <div className="flex flex-col gap-4">
        {action.error && <Alert>{action.error}</Alert>}
        {step.name === 'idle' && (
          <div>
            {user.totp_enabled ? (
              <button type="button" className="btn-secondary" onClick={() => setStep({ name: 'disable' })}>
                {t('profile.disableTwoFactor')}
              </button>
            ) : (
              <button type="button" className="btn-primary" onClick={start} disabled={action.busy}>
                {t('profile.enableTwoFactor')}
              </button>
            )}
          </div>
        )}
        {step.name === 'setup' && (
          <form onSubmit={confirm} noValidate className="flex flex-col gap-4">
            <p className="text-sm text-ink-700">{t('profile.scanQr')}</p>
            <div
              className="size-48 self-center rounded-md border border-line bg-white p-2 [&>svg]:size-full"
              role="img"
              aria-label={t('profile.scanQr')}
              dangerouslySetInnerHTML={{ __html: step.setup.qr_svg }}
            />
            <p className="text-sm text-ink-600">
              {t('profile.secretKey')}:{' '}
              <code dir="ltr" className="break-all rounded bg-surface-muted px-1.5 py-0.5 font-mono text-ink-900">
                {step.setup.secret}
              </code>
            </p>
            <Field id="totp-setup-code" name="code" label={t('profile.twoFactorCode')} inputMode="numeric" autoComplete="one-time-code" maxLength={6} error={action.fields.code} />
            <div className="flex gap-3">
              <button type="submit" className="btn-primary" disabled={action.busy}>
                {t('profile.confirmTwoFactor')}
              </button>
              {cancel}
            </div>
          </form>
        )}
        {step.name === 'codes' && (
          <div className="flex flex-col gap-3">
            <h3 className="font-semibold text-ink-900">{t('profile.recoveryCodes')}</h3>
            <p className="text-sm text-ink-600">{t('profile.recoveryIntro')}</p>
            <ul className="grid grid-cols-2 gap-2 rounded-md bg-surface-muted p-3 font-mono text-sm" dir="ltr" aria-label={t('profile.recoveryCodes')}>
              {step.codes.map((code) => (
                <li key={code}>{code}</li>
              ))}
            </ul>
            <div>
              <button type="button" className="btn-primary" onClick={() => setStep({ name: 'idle' })}>
                {t('profile.recoveryDone')}
              </button>
            </div>
          </div>
        )}
        {step.name === 'disable' && (
          <form onSubmit={disable} noValidate className="flex flex-col gap-4">
            <p className="text-sm text-ink-700">{t('profile.disableIntro')}</p>
            <Field id="totp-disable-code" name="code" label={t('auth.authenticatorCode')} autoComplete="one-time-code" maxLength={20} error={action.fields.code} />
            <div className="flex gap-3">
              <button type="submit" className="btn-secondary" disabled={action.busy}>
                {t('profile.disableTwoFactor')}
              </button>
              {cancel}
            </div>
          </form>
        )}
      </div>
    </Section>
  );
}
