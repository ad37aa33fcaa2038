/**
 * Notifications (spec §2 top bar, §3, §4): GET /api/notifications/ (newest first),
 * GET, PUT and PATCH /api/notifications/{id}/ (your own only; any other id is a 404)
 * and PATCH /api/notifications/read_all/.
 *
 * Title and body are plain text (never HTML), written in the recipient's language when
 * the notification was created. Every change of is_read moves the user's
 * unread_message_count (the bell) by exactly as much, in the same transaction.
 */
import { Type, type Static } from 'typebox';
import { errorsFor, Id, IdParams, Paginated, PaginationQuery } from './common.ts';

/** The creator shown for notifications nobody in particular caused (the system, the operator). */
export const SYSTEM_CREATOR_USERNAME = 'HashHarbor';

export const NotificationKind = Type.String({
  description:
    'What happened: deposit_confirmed, withdrawal_requested, withdrawal_approved, withdrawal_rejected, purchase, ' +
    'rent, rent_ending_soon, rent_ended, earnings_paused, earnings_low, referral_commission, broadcast, new_sign_in, ' +
    'password_changed, password_reset, two_factor_enabled, two_factor_disabled, email_changed (more may come)',
  examples: ['deposit_confirmed'],
});

export const Notification = Type.Object(
  {
    id: Id,
    title: Type.String({ description: 'Plain text' }),
    body: Type.String({ description: 'Plain text: show it as text, never as HTML' }),
    date_created: Type.String({ format: 'date-time' }),
    is_read: Type.Boolean(),
    kind: NotificationKind,
    event: Type.Object(
      {
        creator: Type.Object(
          {
            username: Type.String({
              description: `Who caused it: another user (a referral's purchase), or "${SYSTEM_CREATOR_USERNAME}"`,
            }),
          },
          { additionalProperties: false },
        ),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);
export type Notification = Static<typeof Notification>;

export const NotificationList = Paginated(Notification, 'Your notifications, newest first');
export type NotificationList = Static<typeof NotificationList>;

export const ReplaceNotificationRequest = Type.Object(
  { is_read: Type.Boolean() },
  { additionalProperties: false, description: 'The whole writable state: only is_read can change' },
);
export type ReplaceNotificationRequest = Static<typeof ReplaceNotificationRequest>;

export const UpdateNotificationRequest = Type.Object(
  { is_read: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);
export type UpdateNotificationRequest = Static<typeof UpdateNotificationRequest>;

export const ReadAllResult = Type.Object(
  { updated: Type.Integer({ minimum: 0, description: 'Notifications this call marked read' }) },
  { additionalProperties: false },
);
export type ReadAllResult = Static<typeof ReadAllResult>;

const notificationRoute = { tags: ['notifications'], security: [{ bearerAuth: [] }] } as const;

export const listNotifications = {
  method: 'GET',
  url: '/api/notifications/',
  schema: {
    summary: 'Your notifications, newest first',
    ...notificationRoute,
    querystring: PaginationQuery,
    response: { 200: NotificationList, ...errorsFor(400, 401) },
  },
} as const;

export const getNotification = {
  method: 'GET',
  url: '/api/notifications/:id/',
  schema: {
    summary: 'One of your notifications',
    ...notificationRoute,
    params: IdParams,
    response: { 200: Notification, ...errorsFor(400, 401, 404) },
  },
} as const;

export const replaceNotification = {
  method: 'PUT',
  url: '/api/notifications/:id/',
  schema: {
    summary: 'Set the read state of one of your notifications',
    ...notificationRoute,
    params: IdParams,
    body: ReplaceNotificationRequest,
    response: { 200: Notification, ...errorsFor(400, 401, 404, 413, 415) },
  },
} as const;

export const updateNotification = {
  method: 'PATCH',
  url: '/api/notifications/:id/',
  schema: {
    summary: 'Mark one of your notifications read (or unread)',
    ...notificationRoute,
    params: IdParams,
    body: UpdateNotificationRequest,
    response: { 200: Notification, ...errorsFor(400, 401, 404, 413, 415) },
  },
} as const;

export const readAllNotifications = {
  method: 'PATCH',
  url: '/api/notifications/read_all/',
  schema: {
    summary: 'Mark all your notifications read',
    description: 'No body (a JSON body, if sent, is ignored). Answers how many were unread; the unread count becomes 0.',
    ...notificationRoute,
    response: { 200: ReadAllResult, ...errorsFor(400, 401, 413, 415) },
  },
} as const;
