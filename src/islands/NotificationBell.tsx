import { useStore } from '@nanostores/react';
import { $user } from '../stores/session.ts';
import { SvgIcon } from './shared/SvgIcon.tsx';
import { useHydrated } from './shared/use-hydrated.ts';

interface Props {
  labels: { bell: string; unread: string; none: string };
}

/**
 * Spec §2: the bell with the unread count from userData.user.unread_message_count.
 * It can open the panel only when the count is above 0.
 */
export default function NotificationBell({ labels }: Props) {
  const hydrated = useHydrated();
  const user = useStore($user);
  const count = hydrated ? (user?.unread_message_count ?? 0) : 0;
  const label = count > 0 ? labels.unread.replace('{count}', String(count)) : labels.none;

  return (
    <button type="button" className="icon-btn relative" aria-label={label} aria-disabled={count === 0} title={labels.bell}>
      <SvgIcon name="bell" className="size-6" />
      {count > 0 && (
        <span className="absolute -top-0.5 end-0 inline-flex min-w-5 items-center justify-center rounded-full bg-danger-600 px-1 text-[11px] font-bold leading-5 text-white tabular-nums">
          {count > 99 ? '99+' : count}
        </span>
      )}
    </button>
  );
}
