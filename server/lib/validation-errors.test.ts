import { Ajv } from 'ajv';
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { validationError } from './validation-errors.ts';

const ajv = new Ajv({ allErrors: true, verbose: true, strict: true });
ajv.addKeyword('x-message');

function errorsOf(schema: object, data: unknown) {
  const validate = ajv.compile(schema);
  expect(validate(data)).toBe(false);
  const error = validationError(validate.errors ?? []);
  return { status: error.statusCode, detail: error.detail, fields: error.fields };
}

const Profile = Type.Object(
  {
    name: Type.String({ minLength: 2, maxLength: 5 }),
    age: Type.Optional(Type.Integer({ minimum: 18 })),
    role: Type.Optional(Type.Union([Type.Literal('admin'), Type.Literal('user')])),
    kind: Type.Optional(Type.Enum(['a', 'b'])),
    nickname: Type.Optional(Type.Union([Type.String({ maxLength: 3 }), Type.Null()])),
    address: Type.Optional(Type.Object({ city: Type.String() }, { additionalProperties: false })),
    tags: Type.Optional(Type.Array(Type.String())),
  },
  { additionalProperties: false },
);

describe('validationError', () => {
  it('gives every field its messages', () => {
    expect(errorsOf(Profile, { age: 12, extra: 1 })).toEqual({
      status: 400,
      detail: null,
      fields: {
        name: [{ key: 'error.required' }],
        age: [{ key: 'error.minimum', params: { limit: 18 } }],
        extra: [{ key: 'error.unknownField' }],
      },
    });
  });

  it('reports unknown fields named like Object.prototype members as any other', () => {
    const body = JSON.parse('{"name":"ann","constructor":1,"toString":"x","hasOwnProperty":0,"__proto__":[]}');
    expect(errorsOf(Profile, body).fields).toEqual({
      constructor: [{ key: 'error.unknownField' }],
      toString: [{ key: 'error.unknownField' }],
      hasOwnProperty: [{ key: 'error.unknownField' }],
      ['__proto__']: [{ key: 'error.unknownField' }],
    });
  });

  it('dots nested fields and numbers list items', () => {
    expect(errorsOf(Profile, { name: 'ann', address: { town: 'x' }, tags: ['ok', 3] }).fields).toEqual({
      'address.city': [{ key: 'error.required' }],
      'address.town': [{ key: 'error.unknownField' }],
      'tags.1': [{ key: 'error.type.string' }],
    });
  });

  it('words a failed choice between literals as one "choose one of"', () => {
    expect(errorsOf(Profile, { name: 'ann', role: 'root', kind: 'c' }).fields).toEqual({
      role: [{ key: 'error.enum', params: { values: 'admin, user' } }],
      kind: [{ key: 'error.enum', params: { values: 'a, b' } }],
    });
  });

  it('reports the matching branch of a nullable field', () => {
    expect(errorsOf(Profile, { name: 'ann', nickname: 'toolong' }).fields).toEqual({
      nickname: [{ key: 'error.maxLength', params: { limit: 3 } }],
    });
    expect(errorsOf(Profile, { name: 'ann', nickname: 5 }).fields).toEqual({
      nickname: [{ key: 'error.type.string' }],
    });
  });

  it('uses a detail when the whole value is wrong', () => {
    const { detail, fields } = errorsOf(Profile, ['not', 'an', 'object']);
    expect(detail).toEqual({ key: 'error.type.object' });
    expect(fields).toBeNull();
  });

  it('uses the message a schema names for its pattern', () => {
    const schema = Type.Object({ username: Type.String({ pattern: '^[a-z]+$', 'x-message': 'validation.username' }) });
    expect(errorsOf(schema, { username: 'Nope!' }).fields).toEqual({ username: [{ key: 'validation.username' }] });
  });

  it('falls back to a generic message for other rules', () => {
    expect(errorsOf(Type.Object({ code: Type.String({ pattern: '^\\d{6}$' }) }), { code: 'abc' }).fields).toEqual({
      code: [{ key: 'error.invalid' }],
    });
  });
});
