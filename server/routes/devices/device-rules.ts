/**
 * What the schemas of contracts/devices.ts cannot say: a web device has a subscription
 * and only a web device does; its keys are a real P-256 point and a 16-byte secret (a
 * push to anything else would fail at every notification).
 */
import { createECDH } from 'node:crypto';
import type { CreateDeviceRequest, UpdateDeviceRequest } from '../../../contracts/devices.ts';
import type { DeviceRow } from '../../db/devices-schema.ts';
import type { FieldMessages } from '../../lib/api-error.ts';
import type { DeviceFields } from '../../repositories/devices-repository.ts';

const P256_POINT_BYTES = 65;
const AUTH_SECRET_BYTES = 16;

function isP256PublicKey(key: Buffer): boolean {
  if (key.length !== P256_POINT_BYTES || key[0] !== 0x04) return false;
  try {
    // Throws unless the point is on the curve.
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    ecdh.computeSecret(key);
    return true;
  } catch {
    return false;
  }
}

/** Field errors of the subscription keys (their format is checked by the schema). */
export function webPushKeyProblems(webPush: NonNullable<CreateDeviceRequest['web_push']>): FieldMessages {
  const fields: FieldMessages = {};
  if (!isP256PublicKey(Buffer.from(webPush.keys.p256dh, 'base64url'))) fields['web_push.keys.p256dh'] = [{ key: 'error.pushKey' }];
  if (Buffer.from(webPush.keys.auth, 'base64url').length !== AUTH_SECRET_BYTES)
    fields['web_push.keys.auth'] = [{ key: 'error.pushKey' }];
  return fields;
}

/**
 * The device a request describes: `changes` over `current` (PATCH), or over the
 * defaults (POST, PUT). Changing the type away from web drops the subscription.
 */
export function resolveDevice(
  changes: UpdateDeviceRequest,
  current: DeviceFields,
): { device: DeviceFields; problems: FieldMessages } {
  const type = changes.type ?? current.type;
  let webPush = changes.web_push ?? (type === 'web' ? current.web_push : null);
  const problems: FieldMessages = {};
  if (type === 'web' && !webPush) problems.web_push = [{ key: 'error.webPushRequired' }];
  if (type !== 'web' && changes.web_push) problems.web_push = [{ key: 'error.webPushWebOnly' }];
  if (changes.web_push && type === 'web') Object.assign(problems, webPushKeyProblems(changes.web_push));
  if (type !== 'web') webPush = null;
  return {
    device: {
      registration_id: changes.registration_id ?? current.registration_id,
      name: changes.name?.trim() ?? current.name,
      type,
      active: changes.active ?? current.active,
      web_push: webPush,
    },
    problems,
  };
}

export function fieldsOf(row: DeviceRow): DeviceFields {
  return {
    registration_id: row.registration_id,
    name: row.name,
    type: row.type,
    active: row.active,
    web_push: row.web_push,
  };
}

/** What a new device is before its request says otherwise. */
export function newDeviceDefaults(registrationId: string, type: DeviceFields['type']): DeviceFields {
  return { registration_id: registrationId, name: '', type, active: true, web_push: null };
}
