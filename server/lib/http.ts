/** Small HTTP helpers shared by plugins. */
import type { FastifyReply } from 'fastify';

/** Adds a request header name to `Vary` without duplicating it or dropping others. */
export function appendVary(reply: FastifyReply, field: string): void {
  const current = reply.getHeader('vary');
  const fields = String(current ?? '')
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean);
  if (fields.includes('*') || fields.some((value) => value.toLowerCase() === field.toLowerCase())) return;
  reply.header('vary', [...fields, field].join(', '));
}

/** True for the API's URL space: /api and everything under /api/. */
export function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}
