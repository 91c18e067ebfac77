import { TypeBoxValidatorCompiler } from '@fastify/type-provider-typebox';
import type { FastifySchemaCompiler } from 'fastify';
import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';

/** Whether a headers schema declares strings only (what every header is as it arrives). */
function declaresOnlyStrings(schema: TSchema): boolean {
  const { type, properties } = schema as { type?: unknown; properties?: Record<string, { type?: unknown }> };
  return type === 'object' && properties !== undefined && Object.values(properties).every((property) => property.type === 'string');
}

/**
 * TypeBox's validator compiler (@fastify/type-provider-typebox), except for headers declaring
 * strings only, which are checked as they came: the plugin first converts every part but the body
 * to its schema's types, a walk over the whole headers object on every request (a submission's
 * Idempotency-Key) that can change nothing when every declared header is a string anyway.
 */
const compileValidator: FastifySchemaCompiler<TSchema> = (route) => {
  if (route.httpPart !== 'headers' || !declaresOnlyStrings(route.schema)) return TypeBoxValidatorCompiler(route);
  const typeCheck = Compile(route.schema);
  return (value: unknown) => (typeCheck.Check(value) ? { value } : { error: typeCheck.Errors(value) });
};

/** Compiled validators by schema object and the part of the request it checks. */
const compiled = new WeakMap<TSchema, Map<string, ReturnType<typeof compileValidator>>>();

/**
 * {@link compileValidator}, remembering what it compiled: routes take their schemas from the one
 * contract, so every app built in a process (one per test) asks for the same objects again. A
 * validator depends only on its schema and the part it checks.
 */
export const validatorCompiler: FastifySchemaCompiler<TSchema> = (route) => {
  // A boolean schema (true, false) is no object to remember by.
  if (typeof route.schema !== 'object') return compileValidator(route);
  const part = route.httpPart ?? '';
  let byPart = compiled.get(route.schema);
  if (byPart === undefined) {
    byPart = new Map();
    compiled.set(route.schema, byPart);
  }
  let validator = byPart.get(part);
  if (validator === undefined) {
    validator = compileValidator(route);
    byPart.set(part, validator);
  }
  return validator;
};
