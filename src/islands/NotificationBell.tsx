import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useRef } from 'react';
import type { Messages } from '../lib/translator.ts';
import { $panelOpen, $unreadWatch, closePanel, openPanel } from '../stores/notifications.ts';
import { $user } from '../stores/session.ts';
import { SvgIcon } from './shared/SvgIcon.tsx';
import { useHydrated } from './shared/use-hydrated.ts';

// The panel (and dayjs with it) loads only when someone opens it.
const NotificationPanel = lazy(() => import('./NotificationPanel.tsx'));

interface Props {
  labels: { bell: string; unread: string; none: string; loading: string };
  messages: Messages;
}

/**
 * Spec §2: the bell with the unread count from userData.user.unread_message_count. It
 * opens the notification panel only when the count is above 0.
 */
export default function NotificationBell({ labels, messages }: Props) {
  const hydrated = useHydrated();
  const user = useStore($user);
  const open = useStore($panelOpen);
  useStore($unreadWatch);
  const root = useRef<HTMLDivElement>(null);
  const count = hydrated ? (user?.unread_message_count ?? 0) : 0;
  const label = count > 0 ? labels.unread.replace('{count}', String(count)) : labels.none;

  useEffect(() => {
    if (!open) return;
    const outside = (event: Event) => {
      if (!root.current?.contains(event.target as Node)) closePanel();
    };
    const escape = (event: KeyboardEvent) => event.key === 'Escape' && closePanel();
    document.addEventListener('pointerdown', outside);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('keydown', escape);
    };
  }, [open]);

  return (
    <div ref={root} className="relative">
      <button
        type="button"
        className="icon-btn relative"
        aria-label={label}
        aria-expanded={count > 0 ? open : undefined}
        aria-controls={count > 0 ? 'notification-panel' : undefined}
        aria-disabled={count === 0}
        title={labels.bell}
        onClick={() => (open ? closePanel() : count > 0 && openPanel())}
      >
        <SvgIcon name="bell" className="size-6" />
        {count > 0 && (
          <span className="absolute -top-0.5 end-0 inline-flex min-w-5 items-center justify-center rounded-full bg-danger-600 px-1 text-[11px] font-bold leading-5 tabular-nums text-white">
            {count > 99 ? '99+' : count}
          </span>
        )}
      </button>
      {open && (
        <Suspense fallback={<div role="status" className="notification-panel p-6 text-center text-sm text-ink-600">{labels.loading}</div>}>
          <NotificationPanel messages={messages} />
        </Suspense>
      )}
    </div>
  );
}
