/** GET /api/health/ (the process is up) and GET /api/ready/ (and can reach its database). */
import { Type, type Static } from 'typebox';
import { errorsFor } from './common.ts';

export const HealthResponse = Type.Object({ status: Type.Literal('ok') }, { additionalProperties: false });
export type HealthResponse = Static<typeof HealthResponse>;

export const ReadyResponse = Type.Object({ status: Type.Literal('ready') }, { additionalProperties: false });
export type ReadyResponse = Static<typeof ReadyResponse>;

export const health = {
  method: 'GET',
  url: '/api/health/',
  schema: {
    summary: 'Liveness: the process answers (does not touch the database)',
    tags: ['health'],
    response: { 200: HealthResponse, ...errorsFor() },
  },
} as const;

export const ready = {
  method: 'GET',
  url: '/api/ready/',
  schema: {
    summary: 'Readiness: the database answers a query',
    tags: ['health'],
    response: { 200: ReadyResponse, ...errorsFor() },
  },
} as const;
