/**
 * Request validation with Ajv (allErrors, so a form gets every field's problem at once).
 * Bodies are validated as sent: JSON has types, and a number where text is expected is
 * a client bug worth a 400. Query strings and path parameters are text by nature, so
 * they are coerced ("10" -> 10). Defaults from the schemas are filled in for both.
 * Failures become field errors in plugins/errors.ts.
 */
import { Ajv, type ErrorObject, type Options, type ValidateFunction } from 'ajv';
import ajvFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MESSAGE_KEYWORD } from '../../contracts/common.ts';

// ajv-formats is CommonJS with a `default` export; which of the two shapes an ESM import
// sees depends on the loader (Node vs the test runner's), so accept both.
type AddFormats = (ajv: Ajv) => Ajv;
const addFormats = ((ajvFormats as unknown as { default?: AddFormats }).default ?? ajvFormats) as unknown as AddFormats;

function createAjv(options: Options): Ajv {
  // verbose: the errors carry their schema, which lib/validation-errors.ts reads to word
  // union failures ("choose one of ...").
  const ajv = new Ajv({ allErrors: true, verbose: true, useDefaults: true, strict: true, ...options });
  addFormats(ajv);
  // An annotation only: lib/validation-errors.ts reads it to word a failed pattern.
  ajv.addKeyword(MESSAGE_KEYWORD);
  return ajv;
}

type Validator = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };

/**
 * Ajv coerces "Infinity" and "1e999" to non-finite numbers that pass `integer` and skip
 * minimum/maximum (ajv-validator/ajv#2212, fastify/fastify#6718), so `?limit=Infinity`
 * reached the database. Such a parameter is refused like any other non-number.
 */
function refusingNonFiniteNumbers(
  validate: ValidateFunction,
  schema: { properties?: Record<string, { type?: unknown }> },
) {
  const checked: Validator = (data) => {
    const valid = validate(data);
    checked.errors = validate.errors;
    if (!valid || data === null || typeof data !== 'object') return valid;
    const errors: ErrorObject[] = Object.entries(data)
      .filter(([, value]) => typeof value === 'number' && !Number.isFinite(value))
      .map(([name]) => ({
        keyword: 'type',
        instancePath: `/${name}`,
        schemaPath: `#/properties/${name}/type`,
        params: { type: String(schema.properties?.[name]?.type ?? 'number') },
      }));
    if (errors.length === 0) return true;
    checked.errors = errors;
    return false;
  };
  return checked;
}

async function validation(app: FastifyInstance): Promise<void> {
  const bodyAjv = createAjv({ coerceTypes: false });
  // 'array': a repeated parameter arrives as a list; a single value fits an array schema.
  const parameterAjv = createAjv({ coerceTypes: 'array' });
  app.setValidatorCompiler(({ schema, httpPart }) =>
    httpPart === 'body'
      ? bodyAjv.compile(schema as object)
      : refusingNonFiniteNumbers(parameterAjv.compile(schema as object), schema as object),
  );
}

export default fp(validation, { name: 'validation' });
