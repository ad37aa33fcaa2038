/** The signed-in devices: GET /api/sessions/ and DELETE /api/sessions/{id}/. */
import { Type, type Static } from 'typebox';
import { errorsFor, Id, IdParams, Nullable } from './common.ts';

export const Session = Type.Object(
  {
    id: Id,
    created_at: Type.String({ format: 'date-time', description: 'When this sign-in happened' }),
    last_used_at: Nullable(Type.String({ format: 'date-time' }), 'Last request, to the minute; null if none yet'),
    expires_at: Type.String({ format: 'date-time' }),
    user_agent: Nullable(Type.String(), 'The device it was issued to'),
    ip: Nullable(Type.String(), 'The address it was issued to'),
    current: Type.Boolean({ description: 'The session of this request' }),
  },
  { additionalProperties: false },
);
export type Session = Static<typeof Session>;

export const SessionList = Type.Object(
  { results: Type.Array(Session, { description: 'Live sessions, newest first' }) },
  { additionalProperties: false },
);
export type SessionList = Static<typeof SessionList>;

export const listSessions = {
  method: 'GET',
  url: '/api/sessions/',
  schema: {
    summary: 'Your live sessions, newest first (not paginated)',
    tags: ['sessions'],
    security: [{ bearerAuth: [] }],
    response: { 200: SessionList, ...errorsFor(401) },
  },
} as const;

export const deleteSession = {
  method: 'DELETE',
  url: '/api/sessions/:id/',
  schema: {
    summary: 'Sign a session out (yours only; any other id is a 404)',
    tags: ['sessions'],
    security: [{ bearerAuth: [] }],
    params: IdParams,
    response: { 204: Type.Null({ description: 'Signed out' }), ...errorsFor(400, 401, 404) },
  },
} as const;
