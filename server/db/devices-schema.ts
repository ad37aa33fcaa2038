/**
 * Kysely's view of the push devices (migrations/0004-notifications.ts holds the DDL).
 */
import type { ColumnType, Generated, GeneratedAlways, Selectable } from 'kysely';
import type { Json } from './mining-schema.ts';
import type { BigIntId } from './schema.ts';

export const deviceTypes = ['web', 'android', 'ios'] as const;
export type DeviceType = (typeof deviceTypes)[number];

/** A browser's push subscription (PushSubscription.toJSON() without expirationTime). */
export interface WebPushSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface DevicesTable {
  id: GeneratedAlways<string>;
  user_id: BigIntId;
  registration_id: string;
  name: Generated<string>;
  type: DeviceType;
  active: Generated<boolean>;
  date_created: ColumnType<Date, Date | string | undefined, never>;
  web_push: Json<WebPushSubscription> | null;
}

export interface DevicesDatabase {
  devices: DevicesTable;
}

export type DeviceRow = Selectable<DevicesTable>;
