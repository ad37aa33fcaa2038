/** A user's push devices, and their public shape (the Device contract). */
import { sql, type Updateable } from 'kysely';
import type { Device } from '../../contracts/devices.ts';
import type { Db } from '../db/database.ts';
import type { DeviceRow, DevicesTable, DeviceType, WebPushSubscription } from '../db/devices-schema.ts';
import { inTransaction } from '../db/in-transaction.ts';

/** A user's devices, newest first, for paginate(). */
export function devicesQuery(db: Db, userId: string) {
  return db
    .selectFrom('devices')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('date_created', 'desc')
    .orderBy('id', 'desc');
}

export function devicesCount(db: Db, userId: string) {
  return db
    .selectFrom('devices')
    .where('user_id', '=', userId)
    .select((eb) => eb.fn.countAll<string>().as('count'));
}

export function findDevice(db: Db, userId: string, registrationId: string): Promise<DeviceRow | undefined> {
  return db
    .selectFrom('devices')
    .selectAll()
    .where('user_id', '=', userId)
    .where('registration_id', '=', registrationId)
    .executeTakeFirst();
}

export interface DeviceFields {
  registration_id: string;
  name: string;
  type: DeviceType;
  active: boolean;
  web_push: WebPushSubscription | null;
}

/**
 * A push subscription reaches one browser profile: whoever registered it last is the
 * one signed in there now, so nobody else's notifications may go to it any more.
 */
async function releaseEndpoint(trx: Db, userId: string, webPush: WebPushSubscription | null): Promise<void> {
  if (!webPush) return;
  await trx
    .deleteFrom('devices')
    .where('user_id', '<>', userId)
    .where(sql<string>`web_push ->> 'endpoint'`, '=', webPush.endpoint)
    .execute();
}

/**
 * Registers a device, or replaces the one the user has with this registration_id.
 * Answers the row and whether it is new.
 */
export async function registerDevice(
  db: Db,
  userId: string,
  fields: DeviceFields,
): Promise<{ device: DeviceRow; created: boolean }> {
  return inTransaction(db, async (trx) => {
    await releaseEndpoint(trx, userId, fields.web_push);
    const row = await trx
      .insertInto('devices')
      .values({ user_id: userId, ...fields, web_push: toJson(fields.web_push) })
      .onConflict((oc) =>
        oc.columns(['user_id', 'registration_id']).doUpdateSet((eb) => ({
          name: eb.ref('excluded.name'),
          type: eb.ref('excluded.type'),
          active: eb.ref('excluded.active'),
          web_push: eb.ref('excluded.web_push'),
        })),
      )
      // xmax is 0 on a row this statement inserted, and set on one it updated.
      .returningAll()
      .returning(sql<boolean>`xmax = 0`.as('created'))
      .executeTakeFirstOrThrow();
    const { created, ...device } = row;
    return { device, created };
  });
}

/** Changes one of the user's devices; undefined when it has none with this registration_id. */
export async function updateDevice(
  db: Db,
  userId: string,
  registrationId: string,
  fields: DeviceFields,
): Promise<DeviceRow | undefined> {
  return inTransaction(db, async (trx) => {
    await releaseEndpoint(trx, userId, fields.web_push);
    const update: Updateable<DevicesTable> = { ...fields, web_push: toJson(fields.web_push) };
    return trx
      .updateTable('devices')
      .set(update)
      .where('user_id', '=', userId)
      .where('registration_id', '=', registrationId)
      .returningAll()
      .executeTakeFirst();
  });
}

export async function deleteDevice(db: Db, userId: string, registrationId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('devices')
    .where('user_id', '=', userId)
    .where('registration_id', '=', registrationId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** jsonb parameters go as JSON text: both drivers would otherwise send an object as something else. */
function toJson(value: WebPushSubscription | null): string | null {
  return value === null ? null : JSON.stringify({ endpoint: value.endpoint, keys: value.keys });
}

export function toDevice(row: DeviceRow): Device {
  return {
    id: Number(row.id),
    registration_id: row.registration_id,
    name: row.name,
    type: row.type,
    active: row.active,
    date_created: row.date_created.toISOString(),
    web_push: row.web_push
      ? { endpoint: row.web_push.endpoint, keys: { p256dh: row.web_push.keys.p256dh, auth: row.web_push.keys.auth } }
      : null,
  };
}
