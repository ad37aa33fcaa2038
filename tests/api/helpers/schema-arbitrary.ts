/**
 * fast-check arbitraries from the routes' JSON Schemas (TypeBox writes plain JSON Schema):
 * `validValue` fits the schema, `fuzzValue` is mostly near-valid with some fields wrong
 * (other types, missing or extra keys, huge or odd strings, numbers JSON cannot hold,
 * deep nesting, prototype keys). Values are written with `toJsonText`, which can say
 * what JSON.stringify cannot (1e309, -0, integers beyond 2^53, a "__proto__" key).
 * Raw bodies, path segments and query strings for the same purpose are at the end.
 */
import fc from 'fast-check';
import type { JsonSchema } from './route-table.ts';

/** A JSON token written as is: `new RawJson('1e309')`. */
export class RawJson {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
}

/** JSON text of `value`, where RawJson is written verbatim and -0 keeps its sign. */
export function toJsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (typeof value === 'number' && Object.is(value, -0)) return '-0';
  if (Array.isArray(value))
    return `[${value.map((item) => (item === undefined ? 'null' : toJsonText(item))).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const members = Object.keys(value)
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .map((key) => `${JSON.stringify(key)}:${toJsonText((value as Record<string, unknown>)[key])}`);
    return `{${members.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** An object with `key` as an own property, even "__proto__" (a literal or assignment would set the prototype). */
function withKey(target: Record<string, unknown>, key: string, value: unknown): Record<string, unknown> {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  return target;
}

const codePoints = (value: string) => [...value].length;

/** Strings people and attackers type, where they fit the length. */
const INTERESTING_STRINGS = [
  '0',
  '1',
  '-1',
  '0.00000001',
  '1e3',
  '100',
  '123456',
  'NaN',
  'Infinity',
  'null',
  'true',
  'DELETE',
  '١٢٣٤٥٦',
  '𝟙𝟚𝟛',
  'Ünïcödé',
  'مرحبا',
  '😀👍🏽',
  'ﷺ',
  '\u202Egnp.exe',
  '\u200F\u200E',
  '\uFEFFbom',
  "' OR 1=1 --",
  '"; drop table users; --',
  '<script>alert(1)</script>',
  '${7*7}',
  '{{7*7}}',
  '%00',
  '%s%n',
  '../../etc/passwd',
  'a@b.c',
  'demo',
  'demo@hashharbor.example',
  ' leading',
  'trailing ',
  '   ',
];

function stringValue(schema: JsonSchema): fc.Arbitrary<string> {
  const min = (schema.minLength as number | undefined) ?? 0;
  const max = (schema.maxLength as number | undefined) ?? 256;
  const fits = (value: string) => codePoints(value) >= min && codePoints(value) <= max;
  const pattern = typeof schema.pattern === 'string' ? new RegExp(schema.pattern, 'u') : null;
  const matches = (value: string) => fits(value) && (!pattern || pattern.test(value));
  const options: Array<fc.Arbitrary<string>> = [];

  switch (schema.format) {
    case 'email':
      options.push(fc.emailAddress().filter(matches));
      break;
    case 'uuid':
      options.push(fc.uuid());
      break;
    case 'date-time':
      options.push(fc.date({ min: new Date(0), max: new Date(4e12), noInvalidDate: true }).map((d) => d.toISOString()));
      break;
    case 'date':
      options.push(
        fc
          .date({ min: new Date(0), max: new Date(4e12), noInvalidDate: true })
          .map((d) => d.toISOString().slice(0, 10)),
      );
      break;
  }
  if (options.length === 0 && pattern) {
    options.push(fc.stringMatching(pattern, { size: 'small' }).filter(fits));
  }
  if (options.length === 0) {
    const length = { minLength: min, maxLength: Math.min(max, 64) };
    options.push(
      fc.string({ ...length, unit: 'grapheme-ascii' }),
      fc.string({ ...length, unit: 'grapheme' }),
      fc.string({ ...length, unit: 'binary' }),
    );
  }
  const known = [...INTERESTING_STRINGS, ...((schema.examples as string[] | undefined) ?? [])].filter(matches);
  if (known.length > 0) options.push(fc.constantFrom(...known));
  return fc.oneof(...options);
}

function integerValue(schema: JsonSchema): fc.Arbitrary<number> {
  const min = (schema.minimum as number | undefined) ?? Number.MIN_SAFE_INTEGER;
  const max = (schema.maximum as number | undefined) ?? Number.MAX_SAFE_INTEGER;
  // Small values find most bugs (ids, limits); the bounds find the rest.
  return fc.oneof(
    fc.integer({ min: Math.max(min, -1000), max: Math.min(max, 1000) }),
    fc.constantFrom(min, max),
    fc.bigInt({ min: BigInt(min), max: BigInt(max) }).map(Number),
  );
}

/** A value the schema accepts (for the keywords the contracts use). */
export function validValue(schema: JsonSchema): fc.Arbitrary<unknown> {
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  const union = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (union) return fc.oneof(...union.map(validValue));
  switch (schema.type) {
    case 'object':
      return objectValue(schema, validValue, 'valid');
    case 'string':
      return stringValue(schema);
    case 'integer':
      return integerValue(schema);
    case 'number':
      return fc.double({
        min: (schema.minimum as number | undefined) ?? -1e15,
        max: (schema.maximum as number | undefined) ?? 1e15,
        noNaN: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(validValue((schema.items as JsonSchema | undefined) ?? {}), {
        minLength: (schema.minItems as number | undefined) ?? 0,
        maxLength: Math.min((schema.maxItems as number | undefined) ?? 4, 4),
      });
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

const MISSING = Symbol('missing');

/** Keys a server must never act on, and names of columns it must never let a client set. */
const EXTRA_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  '',
  ' ',
  'id',
  'user_id',
  'balance',
  'amount',
  'is_admin',
  'is_verified',
  'deleted_at',
  'password_hash',
  'token',
  'Username',
  'PASSWORD',
];

function objectValue(
  schema: JsonSchema,
  member: (schema: JsonSchema) => fc.Arbitrary<unknown>,
  mode: 'valid' | 'fuzz',
): fc.Arbitrary<Record<string, unknown>> {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const members = Object.entries(properties).map(([key, propertySchema]) => {
    const value = member(propertySchema);
    // Valid objects always have their required keys; fuzzed ones now and then miss one.
    const present =
      required.has(key) && mode === 'valid'
        ? value
        : fc.option(value, { nil: MISSING, freq: required.has(key) ? 12 : 2 });
    return fc.tuple(fc.constant(key), present);
  });
  const extras =
    mode === 'valid'
      ? fc.constant([] as Array<[string, unknown]>)
      : fc.oneof(
          { weight: 6, arbitrary: fc.constant([] as Array<[string, unknown]>) },
          {
            weight: 1,
            arbitrary: fc.array(fc.tuple(fc.oneof(fc.constantFrom(...EXTRA_KEYS), fc.string()), oddValue), {
              minLength: 1,
              maxLength: 3,
            }),
          },
        );
  return fc.tuple(fc.tuple(...members), extras).map(([pairs, extra]) => {
    const result: Record<string, unknown> = {};
    for (const [key, value] of pairs) if (value !== MISSING) withKey(result, key, value);
    for (const [key, value] of extra) withKey(result, key, value);
    return result;
  });
}

/** Strings that have broken servers: control characters, direction marks, lone surrogates, bidi overrides. */
const NASTY_STRINGS = [
  '\u0000',
  'a\u0000b',
  '\u0007\u001b[31m',
  '\r\n\r\n',
  '\u202Eevil',
  '\u2028\u2029',
  '\uD800',
  '\uDFFF',
  '\uFFFF',
  '\uFEFF',
  '\u00AD',
  'A\u030A',
  'ǅ',
  'İ',
  'ß',
  '🏳️‍🌈',
  '\\',
  '\\u0000',
  '%',
  '%%',
  '%ZZ',
  '%00',
  '\t',
];

/** What a careless or hostile client puts where a value goes. */
export const oddValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(null, true, false, 0, -1, 1.5, '', ' ', 'NaN', '-0', '1e309', 'undefined', [], {}, [null]),
  fc.constantFrom(
    new RawJson('1e309'),
    new RawJson('-1e309'),
    new RawJson('-0'),
    new RawJson('1e-400'),
    new RawJson('123456789012345678901234567890'),
    new RawJson('9007199254740993'),
    new RawJson('-9223372036854775809'),
    new RawJson('0.1e1'),
  ),
  fc.integer(),
  fc.double(),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(...NASTY_STRINGS),
  fc.constantFrom(1_000, 20_000).map((n) => 'x'.repeat(n)),
  fc.constantFrom(300, 5_000).map((n) => 'é😀'.repeat(n)),
  fc
    .constantFrom(10, 500, 5_000)
    .chain((depth) =>
      fc.constantFrom(
        new RawJson('['.repeat(depth) + ']'.repeat(depth)),
        new RawJson('{"a":'.repeat(depth) + '1' + '}'.repeat(depth)),
      ),
    ),
  fc.constantFrom(
    JSON.parse('{"__proto__":{"is_admin":true}}') as unknown,
    JSON.parse('{"constructor":{"prototype":{"is_admin":true}}}') as unknown,
  ),
  fc.jsonValue({ maxDepth: 2 }),
);

/** Mostly near-valid: each member valid four times in five, otherwise odd or fuzzed itself. */
export function fuzzValue(schema: JsonSchema): fc.Arbitrary<unknown> {
  const member = (inner: JsonSchema): fc.Arbitrary<unknown> =>
    fc.oneof(
      { weight: 4, arbitrary: validValue(inner) },
      { weight: 1, arbitrary: oddValue },
      { weight: 1, arbitrary: inner.type === 'object' ? objectValue(inner, member, 'fuzz') : oddValue },
    );
  if (schema.type === 'object') {
    return fc.oneof(
      { weight: 12, arbitrary: objectValue(schema, member, 'fuzz') },
      { weight: 1, arbitrary: oddValue },
      { weight: 1, arbitrary: fc.array(objectValue(schema, member, 'fuzz'), { maxLength: 2 }) },
    );
  }
  return member(schema);
}

export interface RawBody {
  payload: string | Buffer;
  /** Sent as Content-Type; undefined sends none. */
  contentType: string | undefined;
}

/** Bodies that are not a JSON document: broken JSON, other media types, empty, invalid UTF-8, too large. */
export const rawBody: fc.Arbitrary<RawBody> = fc.oneof(
  fc.record({
    payload: fc.constantFrom(
      '{',
      '{"a":',
      'undefined',
      "{'a':1}",
      'NaN',
      '[1,]',
      '{"a":1}{"b":2}',
      ' ',
      '\uFEFF{}',
      '{"a":1,"a":2}',
      '{"\u0000":1}',
      '"just a string"',
      '42',
      'null',
      '{"__proto__":{"x":1}}',
      '{"constructor":{"prototype":{"x":1}}}',
    ),
    contentType: fc.constantFrom('application/json', 'application/json; charset=utf-8', 'APPLICATION/JSON'),
  }),
  fc.record({
    payload: fc.constantFrom('{}', 'a=1&b=2', '<x/>', '--x\r\n\r\n--x--'),
    contentType: fc.constantFrom(
      undefined,
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/xml',
      'application/json; charset=utf-16',
      'application/jsonx',
      'application/*',
      'application/json;;;',
      'application/vnd.api+json',
      'json',
      '',
    ),
  }),
  fc.record({ payload: fc.constant(''), contentType: fc.constantFrom('application/json', undefined) }),
  fc.record({
    payload: fc.constantFrom(Buffer.from([0xff, 0xfe, 0x7b, 0x7d]), Buffer.from('{"a":"\xc3\x28"}', 'latin1')),
    contentType: fc.constant('application/json'),
  }),
  fc.record({
    payload: fc.constantFrom(150_000, 1_000_000).map((n) => `{"a":"${'x'.repeat(n)}"}`),
    contentType: fc.constant('application/json'),
  }),
);

/** Percent-encoded UTF-8; a lone surrogate becomes its (invalid) three bytes, as a careless client would send. */
export function percentEncode(value: string): string {
  return [...value]
    .map((char) => {
      const code = char.codePointAt(0)!;
      if (code < 0xd800 || code > 0xdfff) return encodeURIComponent(char);
      return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    })
    .join('');
}

/** A path segment where an id goes: nothing like an id, or almost. */
export const oddPathSegment: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '0',
    '-1',
    '1.5',
    '1e3',
    '01',
    '+1',
    '%201',
    '0x10',
    '99999999999999999999',
    '9007199254740992',
    '9223372036854775808',
    'NaN',
    'Infinity',
    '%D9%A1%D9%A2',
    '%',
    '%2F',
    '%00',
    '..',
    '.',
    '%2e%2e',
    'a/b',
    '%F0%9F%98%80',
    'x'.repeat(300),
    'x'.repeat(2_000),
    'null',
    'undefined',
    'true',
    '%5B%5D',
    '%E0%A4%A',
    '~',
    '-',
  ),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 20 }).map(percentEncode),
  fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 20 }).filter((s) => !/[\s#?]/.test(s)),
);

const ODD_QUERIES = [
  '?limit=1&limit=2',
  '?limit[]=1',
  '?limit[a]=1',
  '?=',
  '?&&&',
  '?%',
  '?limit=%',
  '?__proto__[x]=1',
  '?constructor=1',
  '?offset=99999999999999999999',
  '?limit=-0',
  '?limit=1e2',
  '?limit=0x10',
  '?limit=%205',
  '?offset=2147483648',
  '?limit=',
  '?offset=-1',
  '?limit=100&offset=2147483647',
  '?limit=1.0',
  '?is_active=maybe',
  '?miner=0',
  '?type=deposit&type=withdrawal',
  '?acquisition=both',
  '?limit=%00',
  '?limit=%C0%AF',
  '?type=%ED%A0%80',
];

/** A query string for a route: '' or '?...' with the route's keys and others, valid and not. */
export function queryString(schema: JsonSchema | undefined): fc.Arbitrary<string> {
  const properties = Object.entries((schema?.properties ?? {}) as Record<string, JsonSchema>);
  const value = (inner: JsonSchema) =>
    fc.oneof(
      { weight: 3, arbitrary: validValue(inner).map(String) },
      { weight: 1, arbitrary: fc.constantFrom(...INTERESTING_STRINGS, ...NASTY_STRINGS) },
      { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
    );
  const known =
    properties.length === 0
      ? fc.constant([] as Array<[string, string]>)
      : fc
          .subarray(properties)
          .chain((picked) => fc.tuple(...picked.map(([key, inner]) => fc.tuple(fc.constant(key), value(inner)))));
  const random = fc.array(fc.tuple(fc.string({ maxLength: 12 }), fc.string({ unit: 'binary', maxLength: 30 })), {
    maxLength: 4,
  });
  const encode = (pairs: Array<[string, string]>) =>
    pairs.length === 0
      ? ''
      : `?${pairs.map(([key, inner]) => `${percentEncode(key)}=${percentEncode(inner)}`).join('&')}`;
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant('') },
    { weight: 4, arbitrary: known.map(encode) },
    { weight: 2, arbitrary: random.map(encode) },
    { weight: 1, arbitrary: fc.constantFrom(...ODD_QUERIES) },
  );
}

/** Accept-Language values, real and broken (printable ASCII: what an HTTP header can carry). */
export const acceptLanguage: fc.Arbitrary<string | undefined> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(undefined, 'en', 'ru', 'es', 'ar', 'tr', 'de', 'ar-EG,ar;q=0.9', 'de-CH') },
  {
    weight: 1,
    arbitrary: fc.oneof(
      fc.constantFrom(
        '*',
        'xx-YY;q=abc',
        ',,,',
        ';q=1',
        'en;q=-1',
        'zz',
        'tlh',
        'ar;q=NaN,ru;q=1e309',
        'a'.repeat(5_000),
      ),
      fc.string({ unit: 'grapheme-ascii', maxLength: 40 }).map((s) => s.replace(/[^\x20-\x7e]/g, '')),
    ),
  },
);
