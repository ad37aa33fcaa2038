import { useStore } from '@nanostores/react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { createTranslator, type Messages } from '../lib/translator.ts';
import { $notifications, markAllRead, markRead, type AppNotification } from '../stores/notifications.ts';
import { DataState } from './shared/DataState.tsx';

/** Spec §2 and §9: every entry's date reads DD.MM.YYYY HH:mm. */
export const NOTIFICATION_DATE_FORMAT = 'DD.MM.YYYY HH:mm';

/** The panel of spec §2: titled "Notification", with "Mark to all" and the newest ten entries. */
export default function NotificationPanel({ messages }: { messages: Messages }) {
  const t = createTranslator(messages);
  const state = useStore($notifications);
  const [busy, setBusy] = useState(false);
  const [expanded, setExpanded] = useState<number | null>(null);

  const open = (notification: AppNotification) => {
    setExpanded(expanded === notification.id ? null : notification.id);
    void markRead(notification).catch(() => undefined);
  };

  return (
    <section id="notification-panel" className="notification-panel" aria-labelledby="notification-title">
      <header className="flex items-center justify-between gap-3 border-b border-line px-4 py-3">
        <h2 id="notification-title" className="font-semibold text-ink-900">{t('bell.title')}</h2>
        <button
          type="button"
          className="text-sm font-semibold text-brand-600 hover:underline disabled:opacity-60"
          disabled={busy}
          onClick={() => {
            setBusy(true);
            markAllRead().finally(() => setBusy(false));
          }}
        >
          {t('bell.markAll')}
        </button>
      </header>
      <div className="max-h-[min(28rem,70dvh)] overflow-y-auto">
        <DataState state={state} t={t} minHeight="min-h-[10rem]" onRetry={() => $notifications.revalidate()}>
          {({ results }) => (
            <ul className="divide-y divide-line" aria-label={t('bell.title')}>
              {results.map((notification) => (
                <li key={notification.id}>
                  <button
                    type="button"
                    onClick={() => open(notification)}
                    aria-expanded={expanded === notification.id}
                    className={`flex w-full flex-col gap-1 px-4 py-3 text-start hover:bg-surface-muted ${notification.is_read ? '' : 'bg-brand-50/60'}`}
                  >
                    <span className="flex items-start justify-between gap-3">
                      <span className="font-semibold text-ink-900">
                        {!notification.is_read && <span className="me-2 inline-block size-2 rounded-full bg-brand-600 align-middle" aria-hidden="true" />}
                        {notification.title}
                      </span>
                      <time dateTime={notification.date_created} className="shrink-0 text-xs tabular-nums text-ink-500" dir="ltr">
                        {dayjs(notification.date_created).format(NOTIFICATION_DATE_FORMAT)}
                      </time>
                    </span>
                    <span className="text-xs text-ink-500">{t('bell.from', { username: notification.event.creator.username })}</span>
                    {/* Text only, never HTML: the body is rendered as a string. */}
                    <span className={`text-sm text-ink-700 ${expanded === notification.id ? '' : 'line-clamp-2'}`}>{notification.body}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </DataState>
      </div>
    </section>
  );
}
