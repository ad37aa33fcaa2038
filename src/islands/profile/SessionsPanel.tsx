import { useStore } from '@nanostores/react';
import type { Locale } from '../../i18n/locales.ts';
import { describeApiError } from '../../lib/api-client.ts';
import type { T } from '../../lib/translator.ts';
import { describeUserAgent } from '../../lib/user-agent.ts';
import { $sessions, endSession, logoutEverywhere } from '../../stores/account.ts';
import { Alert, Section, useSubmit } from '../shared/forms.tsx';
import { LoadingPlaceholder } from '../shared/LoadingPlaceholder.tsx';

export function SessionsPanel({ t, locale }: { t: T; locale: Locale }) {
  const { data, loading, error } = useStore($sessions);
  const action = useSubmit(t);
  const when = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });

  return (
    <Section title={t('profile.sessions')} intro={t('profile.sessionsIntro')}>
      {action.error && <Alert>{action.error}</Alert>}
      {error ? (
        <Alert>{describeApiError(error, t)}</Alert>
      ) : !data && loading ? (
        <LoadingPlaceholder label={t('app.loading')} minHeight="min-h-[8rem]" />
      ) : (
        <ul className="divide-y divide-line" aria-label={t('profile.sessions')}>
          {data?.results.map((session) => (
            <li key={session.id} className="flex items-center justify-between gap-3 py-3">
              <div className="min-w-0">
                <p className="truncate font-medium text-ink-900">
                  {describeUserAgent(session.user_agent) ?? t('profile.unknownDevice')}
                  {session.current && (
                    <span className="ms-2 rounded-full bg-positive-50 px-2 py-0.5 text-xs font-semibold text-positive-700">{t('profile.thisDevice')}</span>
                  )}
                </p>
                <p className="text-sm text-ink-600">
                  {t('profile.lastUsed', { date: when.format(new Date(session.last_used_at ?? session.created_at)) })}
                  {session.ip && <span dir="ltr"> · {session.ip}</span>}
                </p>
              </div>
              {!session.current && (
                <button type="button" className="btn-ghost shrink-0" disabled={action.busy} onClick={() => action.run(() => endSession(session.id))}>
                  {t('profile.endSession')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <div className="mt-4 border-t border-line pt-4">
        <button type="button" className="btn-secondary" disabled={action.busy} onClick={() => action.run(logoutEverywhere)}>
          {t('profile.logoutAll')}
        </button>
      </div>
    </Section>
  );
}
