/**
 * Notifications for a user, written in the user's own language (not the language of
 * whoever caused them: an operator's console or another user's purchase), in the
 * caller's database transaction, so a notification exists exactly when what it reports
 * happened. Each one raises the bell's unread count (users.unread_message_count).
 */
import { sql } from 'kysely';
import { dictionaries, format, type MessageKey, type MessageParams } from '../../src/i18n/index.ts';
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
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

/** The database's limits on a notification's title and body. */
export const TITLE_MAX_LENGTH = 200;
export const BODY_MAX_LENGTH = 2000;

export interface NotifyOptions {
  /** Who sent it; null (the default) is the system or the operator. */
  creatorId?: string | null;
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
  const render = (key: MessageKey) => format(dictionary[key], params);
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
}
