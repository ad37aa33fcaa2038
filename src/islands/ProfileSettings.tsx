import { useStore } from '@nanostores/react';
import type { Locale } from '../i18n/locales.ts';
import { createTranslator, type Messages } from '../lib/translator.ts';
import { $currentUser } from '../stores/current-user.ts';
import { $user } from '../stores/session.ts';
import { DangerZone } from './profile/DangerZone.tsx';
import { DetailsForm } from './profile/DetailsForm.tsx';
import { PasswordForm } from './profile/PasswordForm.tsx';
import { PushSwitch } from './profile/PushSwitch.tsx';
import { SessionsPanel } from './profile/SessionsPanel.tsx';
import { TwoFactorPanel } from './profile/TwoFactorPanel.tsx';
import { useHydrated } from './shared/use-hydrated.ts';
import { LoadingPlaceholder } from './shared/LoadingPlaceholder.tsx';

interface Props {
  locale: Locale;
  messages: Messages;
}

/** /profiles and /settings: details, password, two-factor, sessions, log out and delete. */
export default function ProfileSettings({ locale, messages }: Props) {
  const t = createTranslator(messages);
  const hydrated = useHydrated();
  const { data } = useStore($currentUser);
  const stored = useStore($user);
  const user = data ?? (hydrated ? stored : null);
  if (!user || !('totp_enabled' in user)) return <LoadingPlaceholder label={t('app.loading')} minHeight="min-h-[40rem]" />;

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <DetailsForm t={t} user={user} />
      <div className="flex flex-col gap-6">
        {user.has_password && <PasswordForm t={t} user={user} />}
        <TwoFactorPanel t={t} user={user} />
        <PushSwitch t={t} />
      </div>
      <SessionsPanel t={t} locale={locale} />
      <DangerZone t={t} user={user} />
    </div>
  );
}
