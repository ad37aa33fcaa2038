/**
 * Turns Ajv's validation errors into the API's error shape (contracts/common.ts):
 * `{"field": ["message", ...]}` with nested fields dotted ("address.city") and query or
 * path parameters under their own name ("limit"), or `{"detail": "..."}` when the
 * request part as a whole is wrong (a body that is not an object).
 */
import type { ErrorObject } from 'ajv';
import { MESSAGE_KEYWORD } from '../../contracts/common.ts';
import en from '../../src/i18n/en.ts';
import type { MessageKey } from '../../src/i18n/dictionary.ts';
import { ApiError, type FieldMessages, type Message } from './api-error.ts';

const typeKeys: Record<string, MessageKey> = {
  string: 'error.type.string',
  integer: 'error.type.integer',
  number: 'error.type.number',
  boolean: 'error.type.boolean',
  object: 'error.type.object',
  array: 'error.type.array',
};

export function validationError(errors: readonly ErrorObject[]): ApiError {
  // No prototype: field names come from the client ("constructor", "toString", "__proto__"
  // as unknown fields) and must not find Object.prototype's members.
  const fields: FieldMessages = Object.create(null) as FieldMessages;
  let detail: Message | null = null;
  for (const error of withoutUnionNoise(errors)) {
    const message = messageFor(error);
    const field = fieldOf(error);
    if (field === null) {
      detail ??= message;
      continue;
    }
    const messages = (fields[field] ??= []);
    if (!messages.some((known) => sameMessage(known, message))) messages.push(message);
  }
  if (Object.keys(fields).length > 0 || !detail) return ApiError.fields(fields);
  return ApiError.detail(400, detail.key, detail.params);
}

/** The dotted field an error belongs to, or null for the request part itself. */
function fieldOf(error: ErrorObject): string | null {
  const segments = error.instancePath
    .split('/')
    .slice(1)
    .map((segment) => segment.replaceAll('~1', '/').replaceAll('~0', '~'));
  if (error.keyword === 'required') segments.push(String(error.params.missingProperty));
  if (error.keyword === 'additionalProperties') segments.push(String(error.params.additionalProperty));
  return segments.length > 0 ? segments.join('.') : null;
}

function messageFor(error: ErrorObject): Message {
  const { params } = error;
  switch (error.keyword) {
    case 'required':
      return { key: 'error.required' };
    case 'additionalProperties':
      return { key: 'error.unknownField' };
    case 'type': {
      const wanted =
        String(params.type)
          .split(',')
          .find((type) => type !== 'null') ?? '';
      return { key: typeKeys[wanted] ?? 'error.invalid' };
    }
    case 'minLength':
    case 'maxLength':
    case 'minimum':
    case 'maximum':
      return { key: `error.${error.keyword}`, params: { limit: Number(params.limit) } };
    case 'pattern':
      return { key: schemaMessage(error) ?? 'error.invalid' };
    case 'format':
      return { key: schemaMessage(error) ?? (params.format === 'email' ? 'error.format.email' : 'error.invalid') };
    case 'enum':
      return { key: 'error.enum', params: { values: (params.allowedValues as unknown[]).join(', ') } };
    case 'const':
      return { key: 'error.enum', params: { values: String(params.allowedValue) } };
    case 'anyOf':
      return unionMessage(error);
    default:
      return { key: 'error.invalid' };
  }
}

/** The message a schema names for its failed pattern or format (contracts/common.ts MESSAGE_KEYWORD). */
function schemaMessage(error: ErrorObject): MessageKey | null {
  const key = (error.parentSchema as Record<string, unknown> | undefined)?.[MESSAGE_KEYWORD];
  return typeof key === 'string' && key in en ? (key as MessageKey) : null;
}

interface BranchSchema {
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
}

/**
 * A failed union (TypeBox `Union`, Ajv `anyOf`) reports every branch's failure plus its
 * own. One message is wanted: the errors of the branch whose type the value has
 * ("too long" for a string in `string | null`), or else one message for the union
 * ("choose one of" for literals, "must be text" for `string | null`).
 */
function withoutUnionNoise(errors: readonly ErrorObject[]): ErrorObject[] {
  let kept = [...errors];
  for (const union of errors.filter((error) => error.keyword === 'anyOf')) {
    const branches = (union.schema ?? []) as BranchSchema[];
    const matching = literalsOf(branches)
      ? -1
      : branches.findIndex((branch) => branch.type !== undefined && typeMatches(branch.type, union.data));
    const prefix = `${union.schemaPath}/`;
    kept = kept.filter((error) => {
      if (!error.schemaPath.startsWith(prefix)) return error !== union || matching === -1;
      return matching !== -1 && error.schemaPath.startsWith(`${prefix}${matching}/`);
    });
  }
  return kept;
}

function unionMessage(union: ErrorObject): Message {
  const branches = (union.schema ?? []) as BranchSchema[];
  const literals = literalsOf(branches);
  if (literals) return { key: 'error.enum', params: { values: literals.filter((value) => value !== null).join(', ') } };
  const types = branches.flatMap((branch) => branch.type ?? []).filter((type) => type !== 'null');
  return { key: (types.length === 1 && typeKeys[types[0] ?? '']) || 'error.invalid' };
}

/** The allowed values when every branch is a literal (`const` or `enum`), else null. */
function literalsOf(branches: BranchSchema[]): unknown[] | null {
  if (branches.length === 0) return null;
  const values: unknown[] = [];
  for (const branch of branches) {
    if ('const' in branch) values.push(branch.const);
    else if (branch.enum) values.push(...branch.enum);
    else return null;
  }
  return values;
}

function typeMatches(type: string | string[], value: unknown): boolean {
  if (Array.isArray(type)) return type.some((one) => typeMatches(one, value));
  switch (type) {
    case 'null':
      return value === null;
    case 'array':
      return Array.isArray(value);
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    case 'integer':
      return Number.isInteger(value);
    default:
      return typeof value === type;
  }
}

function sameMessage(a: Message, b: Message): boolean {
  return a.key === b.key && JSON.stringify(a.params) === JSON.stringify(b.params);
}
