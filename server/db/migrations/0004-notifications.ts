/**
 * Notifications and push (issue 5): the devices a user receives pushes on, and the push
 * outbox of notifications (notifications.pushed_at). Forward-only, like every migration.
 *
 * - A device is named by its registration_id, unique per user (a web subscription, or
 *   an app's token); a web device carries its subscription (endpoint and keys).
 * - A notification with pushed_at null still waits for its push: whoever created it
 *   (a request, the earnings job, the operator's console in another process), a server
 *   claims it once (server/notifications/push.ts).
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    sql`
      create table devices (
        id bigint generated always as identity primary key,
        user_id bigint not null references users (id) on delete cascade,
        registration_id text not null check (registration_id ~ '^[A-Za-z0-9._:~-]{1,255}$'),
        name text not null default '' check (char_length(name) <= 100),
        type text not null check (type in ('web', 'android', 'ios')),
        active boolean not null default true,
        date_created timestamptz not null default now(),
        -- {endpoint, keys: {p256dh, auth}}: how to reach a browser's push service.
        web_push jsonb check (
          jsonb_typeof(web_push) = 'object'
          and char_length(web_push ->> 'endpoint') between 9 and 2048
          and web_push ->> 'endpoint' like 'https://%'
          and jsonb_typeof(web_push -> 'keys') = 'object'
        ),
        unique (user_id, registration_id),
        constraint devices_web_push check ((type = 'web') = (web_push is not null))
      )`,
    sql`create index devices_user_idx on devices (user_id, date_created desc, id desc)`,
    // Delivery reads the active web devices of a notification's user.
    sql`create index devices_push_idx on devices (user_id) where active and type = 'web'`,
    // A subscription belongs to one account at a time (a browser shared by two people).
    sql`create index devices_endpoint_idx on devices ((web_push ->> 'endpoint')) where web_push is not null`,

    sql`alter table notifications add column pushed_at timestamptz`,
    // What exists now is history: it is not pushed when push arrives.
    sql`update notifications set pushed_at = date_created`,
    sql`create index notifications_push_pending_idx on notifications (id) where pushed_at is null`,
    // The bell's unread count is kept in users.unread_message_count; this serves read_all.
    sql`create index notifications_unread_idx on notifications (user_id) where not is_read`,
  ];
  for (const statement of statements) await statement.execute(db);
}
