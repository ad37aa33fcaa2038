/** Reading notifications as the bell does, and the invariant of its count. */
import { sql } from 'kysely';
import { expect } from 'vitest';
import type { Notification, NotificationList } from '../../../contracts/notifications.ts';
import type { Db } from '../../../server/db/database.ts';
import { inTransaction } from '../../../server/db/in-transaction.ts';
import { notify } from '../../../server/notifications/notify.ts';
import type { TestApp } from './test-app.ts';

export interface Client {
  id: string | number;
  headers: { authorization: string };
}

export function call(
  t: TestApp,
  client: Client | null,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
  lang = 'en',
) {
  return t.app.inject({
    method,
    url,
    payload: payload as object | undefined,
    headers: { ...(client?.headers ?? {}), 'accept-language': lang },
  });
}

/** The client's newest notifications (the panel's first page, or as many as asked). */
export async function notificationsOf(t: TestApp, client: Client, limit = 10): Promise<NotificationList> {
  const response = await call(t, client, 'GET', `/api/notifications/?limit=${limit}`);
  expect(response.statusCode).toBe(200);
  return response.json<NotificationList>();
}

export async function newestNotification(t: TestApp, client: Client): Promise<Notification> {
  const [newest] = (await notificationsOf(t, client, 1)).results;
  if (!newest) throw new Error('no notification');
  return newest;
}

/** The bell count, as the client reads it with the user. */
export async function unreadCount(t: TestApp, client: Client): Promise<number> {
  const response = await call(t, client, 'GET', `/api/users/${client.id}/`);
  expect(response.statusCode).toBe(200);
  return response.json<{ unread_message_count: number }>().unread_message_count;
}

/** `count` operator-style notifications for a user, through notify() like every event. */
export async function sendNotes(db: Db, userId: string | number, count: number, prefix = 'Note'): Promise<void> {
  for (let index = 1; index <= count; index++) {
    await inTransaction(db, (trx) =>
      notify(trx, String(userId), 'broadcast', { title: `${prefix} ${index}`, body: `Body of ${prefix.toLowerCase()} ${index}` }),
    );
  }
}

/** Every user's unread_message_count equals their unread notifications, over the whole database. */
export async function expectUnreadCountsExact(db: Db): Promise<void> {
  const wrong = await sql<{ id: string; stored: number; actual: string }>`
    select u.id, u.unread_message_count as stored, count(n.id) as actual
    from users u
    left join notifications n on n.user_id = u.id and not n.is_read
    group by u.id
    having u.unread_message_count <> count(n.id)
  `.execute(db);
  expect(wrong.rows, 'users whose unread_message_count differs from their unread notifications').toEqual([]);
}
