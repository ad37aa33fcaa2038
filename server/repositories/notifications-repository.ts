/**
 * Reading a user's notifications and changing their read state, and their public shape
 * (the Notification contract).
 *
 * The bell's count (users.unread_message_count) moves by the number of rows whose
 * is_read each statement actually flipped, in the same transaction. The flip is
 * conditional (`is_read = <old value>`) and PostgreSQL re-checks that condition on the
 * row once it holds its lock, so two requests racing to mark one notification cannot
 * both count it, and a notification committed while read_all runs stays unread and
 * counted. That keeps the count exact at O(1) per change, where recounting the table
 * would need the user's row locked first to see concurrent inserts.
 */
import { sql } from 'kysely';
import { SYSTEM_CREATOR_USERNAME, type Notification } from '../../contracts/notifications.ts';
import type { Db } from '../db/database.ts';
import { inTransaction } from '../db/in-transaction.ts';

function withCreator(db: Db) {
  return db
    .selectFrom('notifications')
    .leftJoin('users as creator', 'creator.id', 'notifications.creator_id')
    .select([
      'notifications.id',
      'notifications.title',
      'notifications.body',
      'notifications.date_created',
      'notifications.is_read',
      'notifications.kind',
      'creator.username as creator_username',
    ]);
}

/** A user's notifications, newest first, for paginate(). */
export function notificationsQuery(db: Db, userId: string) {
  return withCreator(db)
    .where('notifications.user_id', '=', userId)
    .orderBy('notifications.date_created', 'desc')
    .orderBy('notifications.id', 'desc');
}

export function notificationsCount(db: Db, userId: string) {
  return db
    .selectFrom('notifications')
    .where('user_id', '=', userId)
    .select((eb) => eb.fn.countAll<string>().as('count'));
}

export type NotificationView = Awaited<ReturnType<ReturnType<typeof notificationsQuery>['executeTakeFirstOrThrow']>>;

export function findNotification(db: Db, userId: string, id: number): Promise<NotificationView | undefined> {
  return withCreator(db)
    .where('notifications.user_id', '=', userId)
    .where('notifications.id', '=', String(id))
    .executeTakeFirst();
}

async function moveUnreadCount(trx: Db, userId: string, delta: number): Promise<void> {
  if (delta === 0) return;
  await trx
    .updateTable('users')
    .set({ unread_message_count: sql`unread_message_count + ${delta}` })
    .where('id', '=', userId)
    .execute();
}

/** Sets the read state of one of the user's notifications; answers whether it changed. */
export async function setNotificationRead(db: Db, userId: string, id: number, isRead: boolean): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const result = await trx
      .updateTable('notifications')
      .set({ is_read: isRead })
      .where('id', '=', String(id))
      .where('user_id', '=', userId)
      .where('is_read', '=', !isRead)
      .executeTakeFirst();
    const flipped = Number(result.numUpdatedRows);
    await moveUnreadCount(trx, userId, isRead ? -flipped : flipped);
    return flipped > 0;
  });
}

/** Marks all the user's notifications read; answers how many were unread. */
export async function markAllNotificationsRead(db: Db, userId: string): Promise<number> {
  return inTransaction(db, async (trx) => {
    const result = await trx
      .updateTable('notifications')
      .set({ is_read: true })
      .where('user_id', '=', userId)
      .where('is_read', '=', false)
      .executeTakeFirst();
    const flipped = Number(result.numUpdatedRows);
    await moveUnreadCount(trx, userId, -flipped);
    return flipped;
  });
}

export function toNotification(row: NotificationView): Notification {
  return {
    id: Number(row.id),
    title: row.title,
    body: row.body,
    date_created: row.date_created.toISOString(),
    is_read: row.is_read,
    kind: row.kind,
    event: { creator: { username: row.creator_username ?? SYSTEM_CREATOR_USERNAME } },
  };
}
