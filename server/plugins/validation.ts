/**
 * Request validation with Ajv (allErrors, so a form gets every field's problem at once).
 * Bodies are validated as sent: JSON has types, and a number where text is expected is
 * a client bug worth a 400. Query strings and path parameters are text by nature, so
 * they are coerced ("10" -> 10). Defaults from the schemas are filled in for both.
 * Failures become field errors in plugins/errors.ts.
 */
import { Ajv, type Options } from 'ajv';
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

async function validation(app: FastifyInstance): Promise<void> {
  const bodyAjv = createAjv({ coerceTypes: false });
  // 'array': a repeated parameter arrives as a list; a single value fits an array schema.
  const parameterAjv = createAjv({ coerceTypes: 'array' });
  app.setValidatorCompiler(({ schema, httpPart }) =>
    (httpPart === 'body' ? bodyAjv : parameterAjv).compile(schema as object),
  );
}

export default fp(validation, { name: 'validation' });
