/**
 * Push devices (spec §7): GET /api/devices/, POST /api/devices/, and GET, PUT, PATCH,
 * DELETE /api/devices/{registration_id}/ (your own only; any other is a 404).
 *
 * A device is named by its registration_id, unique among your devices: for a browser,
 * any stable id of its push subscription (the site uses the SHA-256 of the endpoint,
 * hex); for an app, its push token. A web device carries its subscription (web_push, as
 * PushSubscription.toJSON() gives it); new notifications are pushed to your active web
 * devices. A device whose push service answers that the subscription is gone becomes
 * inactive.
 */
import { Type, type Static } from 'typebox';
import { errorsFor, Id, MESSAGE_KEYWORD, Paginated, PaginationQuery, PlainText } from './common.ts';

/** The characters of a registration_id (its length is checked apart, for a clearer message). */
export const REGISTRATION_ID_PATTERN = '^[A-Za-z0-9._:~-]*$';
export const DEVICE_NAME_MAX_LENGTH = 100;
export const ENDPOINT_MAX_LENGTH = 2048;
/** More devices than anyone has; bounds the pushes one notification causes. */
export const DEVICES_PER_USER_MAX = 20;

const registrationId = (description: string) =>
  Type.String({
    minLength: 1,
    maxLength: 255,
    pattern: REGISTRATION_ID_PATTERN,
    [MESSAGE_KEYWORD]: 'error.registrationIdFormat',
    description: `${description}: 1-255 letters, digits, dots, colons, tildes, dashes or underscores`,
    examples: ['9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08'],
  });
export const RegistrationId = registrationId('The device’s id among yours');

export const DeviceType = Type.Enum(['web', 'android', 'ios']);
export type DeviceType = Static<typeof DeviceType>;

const Base64Url = (description: string, maxLength: number) =>
  Type.String({
    minLength: 1,
    maxLength,
    pattern: '^[A-Za-z0-9_-]+={0,2}$',
    [MESSAGE_KEYWORD]: 'error.pushKey',
    description,
  });

export const WebPushSubscription = Type.Object(
  {
    endpoint: Type.String({
      maxLength: ENDPOINT_MAX_LENGTH,
      pattern: '^https://[^\\s]+$',
      [MESSAGE_KEYWORD]: 'error.pushEndpoint',
      description: 'The push service URL of the subscription (https)',
    }),
    keys: Type.Object(
      {
        p256dh: Base64Url('The subscription’s P-256 public key, base64url (65 bytes)', 128),
        auth: Base64Url('The subscription’s auth secret, base64url (16 bytes)', 64),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false, description: 'Needed for (and only for) type "web"' },
);
export type WebPushSubscription = Static<typeof WebPushSubscription>;

export const Device = Type.Object(
  {
    id: Id,
    registration_id: Type.String(),
    name: Type.String(),
    type: DeviceType,
    active: Type.Boolean({ description: 'Receives pushes; false once its push service said the subscription is gone' }),
    date_created: Type.String({ format: 'date-time' }),
    web_push: Type.Union([WebPushSubscription, Type.Null()], { description: 'Web devices: their subscription' }),
  },
  { additionalProperties: false },
);
export type Device = Static<typeof Device>;

export const DeviceList = Paginated(Device, 'Your devices, newest first');
export type DeviceList = Static<typeof DeviceList>;

const deviceFields = {
  registration_id: RegistrationId,
  name: PlainText({ maxLength: DEVICE_NAME_MAX_LENGTH, description: 'For you to tell your devices apart' }),
  type: DeviceType,
  active: Type.Boolean(),
  web_push: WebPushSubscription,
};

export const CreateDeviceRequest = Type.Object(
  {
    registration_id: deviceFields.registration_id,
    name: Type.Optional(deviceFields.name),
    type: deviceFields.type,
    active: Type.Optional(deviceFields.active),
    web_push: Type.Optional(deviceFields.web_push),
  },
  { additionalProperties: false },
);
export type CreateDeviceRequest = Static<typeof CreateDeviceRequest>;

export const ReplaceDeviceRequest = Type.Object(
  {
    registration_id: Type.Optional(registrationId('A new id for the device')),
    name: deviceFields.name,
    type: deviceFields.type,
    active: deviceFields.active,
    web_push: Type.Optional(deviceFields.web_push),
  },
  { additionalProperties: false },
);
export type ReplaceDeviceRequest = Static<typeof ReplaceDeviceRequest>;

export const UpdateDeviceRequest = Type.Object(
  {
    registration_id: Type.Optional(registrationId('A new id for the device')),
    name: Type.Optional(deviceFields.name),
    type: Type.Optional(deviceFields.type),
    active: Type.Optional(deviceFields.active),
    web_push: Type.Optional(deviceFields.web_push),
  },
  { additionalProperties: false },
);
export type UpdateDeviceRequest = Static<typeof UpdateDeviceRequest>;

export const DeviceParams = Type.Object({ registration_id: RegistrationId });
export type DeviceParams = Static<typeof DeviceParams>;

const deviceRoute = { tags: ['devices'], security: [{ bearerAuth: [] }] } as const;

export const listDevices = {
  method: 'GET',
  url: '/api/devices/',
  schema: {
    summary: 'Your push devices, newest first',
    ...deviceRoute,
    querystring: PaginationQuery,
    response: { 200: DeviceList, ...errorsFor(400, 401) },
  },
} as const;

export const createDevice = {
  method: 'POST',
  url: '/api/devices/',
  schema: {
    summary: 'Register this device for push notifications',
    description:
      `201 with the new device; 200 with the device when you already have one with this registration_id, ` +
      `which is updated (a subscription renewed by the browser). A web push endpoint belongs to one account: ` +
      `registering it removes it from any other. At most ${DEVICES_PER_USER_MAX} devices per account.`,
    ...deviceRoute,
    body: CreateDeviceRequest,
    response: { 201: Device, 200: Device, ...errorsFor(400, 401, 413, 415) },
  },
} as const;

export const getDevice = {
  method: 'GET',
  url: '/api/devices/:registration_id/',
  schema: {
    summary: 'One of your devices',
    ...deviceRoute,
    params: DeviceParams,
    response: { 200: Device, ...errorsFor(400, 401, 404) },
  },
} as const;

export const replaceDevice = {
  method: 'PUT',
  url: '/api/devices/:registration_id/',
  schema: {
    summary: 'Replace one of your devices (name, type and active are required)',
    ...deviceRoute,
    params: DeviceParams,
    body: ReplaceDeviceRequest,
    response: { 200: Device, ...errorsFor(400, 401, 404, 413, 415) },
  },
} as const;

export const updateDevice = {
  method: 'PATCH',
  url: '/api/devices/:registration_id/',
  schema: {
    summary: 'Change some fields of one of your devices',
    description: 'Changing the type from web drops web_push; changing it to web needs web_push.',
    ...deviceRoute,
    params: DeviceParams,
    body: UpdateDeviceRequest,
    response: { 200: Device, ...errorsFor(400, 401, 404, 413, 415) },
  },
} as const;

export const deleteDevice = {
  method: 'DELETE',
  url: '/api/devices/:registration_id/',
  schema: {
    summary: 'Remove one of your devices: it receives no more pushes',
    ...deviceRoute,
    params: DeviceParams,
    response: { 204: Type.Null({ description: 'Removed' }), ...errorsFor(400, 401, 404) },
  },
} as const;
