/**
 * Push devices: GET and POST /api/devices/, and GET, PUT, PATCH and DELETE
 * /api/devices/{registration_id}/. Another user's device is "not found", as is one
 * that does not exist: the answer never says which.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  createDevice,
  deleteDevice as deleteDeviceRoute,
  DEVICES_PER_USER_MAX,
  getDevice,
  listDevices,
  replaceDevice,
  updateDevice as updateDeviceRoute,
  type UpdateDeviceRequest,
} from '../../../contracts/devices.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { AccountUser } from '../../repositories/users-repository.ts';
import { ApiError } from '../../lib/api-error.ts';
import { paginate } from '../../lib/pagination.ts';
import { signedInUser } from '../../plugins/auth.ts';
import {
  deleteDevice,
  devicesCount,
  devicesQuery,
  findDevice,
  registerDevice,
  toDevice,
  updateDevice,
} from '../../repositories/devices-repository.ts';
import { fieldsOf, newDeviceDefaults, resolveDevice } from './device-rules.ts';

const deviceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ownDevice = async (user: AccountUser, registrationId: string) => {
    const row = await findDevice(app.db, user.id, registrationId);
    if (!row) throw ApiError.notFound();
    return row;
  };

  /** PUT and PATCH: the changes over the device as it is. */
  const change = async (user: AccountUser, registrationId: string, changes: UpdateDeviceRequest) => {
    const current = await ownDevice(user, registrationId);
    const { device, problems } = resolveDevice(changes, fieldsOf(current));
    if (Object.keys(problems).length > 0) throw ApiError.fields(problems);
    try {
      const row = await updateDevice(app.db, user.id, registrationId, device);
      if (!row) throw ApiError.notFound();
      return toDevice(row);
    } catch (error) {
      // A new registration_id that another of the user's devices has.
      if (isUniqueViolation(error)) throw ApiError.fields({ registration_id: [{ key: 'error.registrationIdTaken' }] });
      throw error;
    }
  };

  app.route({
    ...listDevices,
    onRequest: app.authenticate,
    handler: async (request) => {
      const user = signedInUser(request);
      const page = await paginate(request, devicesQuery(app.db, user.id), devicesCount(app.db, user.id));
      return { ...page, results: page.results.map(toDevice) };
    },
  });

  app.route({
    ...createDevice,
    onRequest: app.authenticate,
    handler: async (request, reply) => {
      const user = signedInUser(request);
      const body = request.body;
      const { device, problems } = resolveDevice(body, newDeviceDefaults(body.registration_id, body.type));
      if (Object.keys(problems).length > 0) throw ApiError.fields(problems);
      const existing = await findDevice(app.db, user.id, body.registration_id);
      if (!existing) {
        const { count } = await devicesCount(app.db, user.id).executeTakeFirstOrThrow();
        if (Number(count) >= DEVICES_PER_USER_MAX)
          throw ApiError.detail(400, 'error.tooManyDevices', { max: DEVICES_PER_USER_MAX });
      }
      const { device: row, created } = await registerDevice(app.db, user.id, device);
      return reply.code(created ? 201 : 200).send(toDevice(row));
    },
  });

  app.route({
    ...getDevice,
    onRequest: app.authenticate,
    handler: async (request) => toDevice(await ownDevice(signedInUser(request), request.params.registration_id)),
  });

  app.route({
    ...replaceDevice,
    onRequest: app.authenticate,
    // name, type and active are required by the schema; a web device sent without
    // web_push keeps its subscription (the only part a client may not have at hand).
    handler: async (request) => change(signedInUser(request), request.params.registration_id, request.body),
  });

  app.route({
    ...updateDeviceRoute,
    onRequest: app.authenticate,
    handler: async (request) => change(signedInUser(request), request.params.registration_id, request.body),
  });

  app.route({
    ...deleteDeviceRoute,
    onRequest: app.authenticate,
    handler: async (request, reply) => {
      const deleted = await deleteDevice(app.db, signedInUser(request).id, request.params.registration_id);
      if (!deleted) throw ApiError.notFound();
      return reply.code(204).send(null);
    },
  });
};

export default deviceRoutes;
