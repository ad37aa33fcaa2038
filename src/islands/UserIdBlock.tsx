import { useStore } from '@nanostores/react';
import { $currentUser } from '../stores/current-user.ts';
import { $user } from '../stores/session.ts';
import { useHydrated } from './shared/use-hydrated.ts';

interface Props {
  href: string;
  labels: { user: string; userId: string };
}

/** Spec §2: the user ID block with the username; a click goes to /dashboards. */
export default function UserIdBlock({ href, labels }: Props) {
  const hydrated = useHydrated();
  const user = useStore($user);
  // Subscribing keeps the stored user fresh (and turns an expired token into a trip to login).
  useStore($currentUser);
  const username = hydrated ? user?.username : undefined;

  return (
    <a
      href={href}
      className="flex min-h-11 items-center gap-2.5 rounded-full py-1 pe-3 ps-1 hover:bg-surface-muted"
      aria-label={username ? labels.userId.replace('{username}', username) : labels.user}
    >
      <span
        aria-hidden="true"
        className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-bold uppercase text-brand-700"
      >
        {username?.[0] ?? ''}
      </span>
      <span className="hidden w-28 truncate text-start text-sm font-semibold text-ink-900 sm:block" dir="auto">
        {username ?? <span className="block h-4 w-20 animate-pulse rounded bg-line" />}
      </span>
    </a>
  );
}
