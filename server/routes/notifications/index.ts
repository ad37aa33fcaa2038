/**
 * The bell: GET /api/notifications/, GET, PUT and PATCH /api/notifications/{id}/ and
 * PATCH /api/notifications/read_all/. Another user's notification is "not found".
 * read_all is a static path, so the router never takes it for an {id}.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  getNotification,
  listNotifications,
  readAllNotifications,
  replaceNotification,
  updateNotification,
} from '../../../contracts/notifications.ts';
import { ApiError } from '../../lib/api-error.ts';
import { paginate } from '../../lib/pagination.ts';
import { signedInUser } from '../../plugins/auth.ts';
import {
  findNotification,
  markAllNotificationsRead,
  notificationsCount,
  notificationsQuery,
  setNotificationRead,
  toNotification,
} from '../../repositories/notifications-repository.ts';

const notificationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  /** Applies the read state (if given) and answers the notification as it now is. */
  const setRead = async (userId: string, id: number, isRead: boolean | undefined) => {
    if (isRead !== undefined) await setNotificationRead(app.db, userId, id, isRead);
    const row = await findNotification(app.db, userId, id);
    if (!row) throw ApiError.notFound();
    return toNotification(row);
  };

  app.route({
    ...listNotifications,
    onRequest: app.authenticate,
    handler: async (request) => {
      const user = signedInUser(request);
      const page = await paginate(request, notificationsQuery(app.db, user.id), notificationsCount(app.db, user.id));
      return { ...page, results: page.results.map(toNotification) };
    },
  });

  app.route({
    ...readAllNotifications,
    onRequest: app.authenticate,
    handler: async (request) => ({ updated: await markAllNotificationsRead(app.db, signedInUser(request).id) }),
  });

  app.route({
    ...getNotification,
    onRequest: app.authenticate,
    handler: async (request) => setRead(signedInUser(request).id, request.params.id, undefined),
  });

  app.route({
    ...replaceNotification,
    onRequest: app.authenticate,
    handler: async (request) => setRead(signedInUser(request).id, request.params.id, request.body.is_read),
  });

  app.route({
    ...updateNotification,
    onRequest: app.authenticate,
    handler: async (request) => setRead(signedInUser(request).id, request.params.id, request.body.is_read),
  });
};

export default notificationRoutes;
