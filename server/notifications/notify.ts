/**
 * Notifications for a user, written in the user's own language (not the language of
 * whoever caused them: an operator's console or another user's purchase), in the
 * caller's database transaction, so a notification exists exactly when what it reports
 * happened. Each one raises the bell's unread count (users.unread_message_count).
 * Once the transaction commits, the push delivery of this process hears of it
 * (onNotificationsCommitted) and pushes it to the user's devices.
 */
import { sql } from 'kysely';
import { dictionaries, format, type MessageKey, type MessageParams } from '../../src/i18n/index.ts';
import { afterCommit } from '../db/after-commit.ts';
import type { Db } from '../db/database.ts';

export const notificationKinds = [
  'deposit_confirmed',
  'withdrawal_requested',
  'withdrawal_approved',
  'withdrawal_rejected',
  'purchase',
  'rent',
  'rent_ending_soon',
  'rent_ended',
  'earnings_paused',
  'earnings_low',
  'referral_commission',
  'broadcast',
  'new_sign_in',
  'password_changed',
  'password_reset',
  'two_factor_enabled',
  'two_factor_disabled',
  'email_changed',
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

/** The database's limits on a notification's title and body. */
export const TITLE_MAX_LENGTH = 200;
export const BODY_MAX_LENGTH = 2000;

export interface NotifyOptions {
  /** Who caused it (another user); null (the default) is the system or the operator. */
  creatorId?: string | null;
  /** Params that are words, given as dictionary keys: rendered in the user's language too. */
  localParams?: Record<string, MessageKey>;
}

type Listener = () => void;
const listeners = new Set<Listener>();

/**
 * Calls `listener` after each commit that created notifications through notify() in this
 * process; answers the function that stops it.
 */
export function onNotificationsCommitted(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function notificationsCommitted(): void {
  for (const listener of listeners) listener();
}

/**
 * Renders `notification.<kind>.title` and `.body` with `params` in the user's language;
 * a `reason` param adds the `notification.reason` line to the body.
 */
export async function notify(
  trx: Db,
  userId: string,
  kind: NotificationKind,
  params: MessageParams = {},
  options: NotifyOptions = {},
): Promise<void> {
  const user = await trx.selectFrom('users').select('language').where('id', '=', userId).executeTakeFirstOrThrow();
  const dictionary = dictionaries[user.language] ?? dictionaries.en;
  const local = Object.entries(options.localParams ?? {}).map(([name, key]) => [name, dictionary[key]]);
  const allParams: MessageParams = { ...params, ...Object.fromEntries(local) };
  const render = (key: MessageKey) => format(dictionary[key], allParams);
  let body = render(`notification.${kind}.body` as MessageKey);
  if (params.reason !== undefined && params.reason !== '') body = `${body} ${render('notification.reason')}`;
  await trx
    .insertInto('notifications')
    .values({
      user_id: userId,
      kind,
      title: render(`notification.${kind}.title` as MessageKey).slice(0, TITLE_MAX_LENGTH),
      body: body.slice(0, BODY_MAX_LENGTH),
      creator_id: options.creatorId ?? null,
    })
    .execute();
  await trx
    .updateTable('users')
    .set({ unread_message_count: sql`unread_message_count + 1` })
    .where('id', '=', userId)
    .execute();
  afterCommit(trx, notificationsCommitted);
}
