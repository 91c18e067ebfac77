import type { SerializerCompiler, SerializerFactory } from '@fastify/fast-json-stringify-compiler';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';

/** Compiled serializers by response schema: a schema object always compiles to the same function. */
const compiled = new WeakMap<object, ReturnType<SerializerCompiler>>();

/**
 * Fastify's own response serializer compiler (fast-json-stringify), remembering what it compiled
 * for each response schema object. Routes take their schemas from the one contract, so every app
 * built in a process (a test file builds hundreds, one per test) asks for the same objects:
 * compiling them again cost some 200 ms of CPU an app, a third of building one. A serializer is a
 * pure function of its schema. With shared schemas (`addSchema`, which no route uses) or serializer
 * options, it compiles afresh as Fastify does.
 */
export const buildSerializer: SerializerFactory = (externalSchemas, options) => {
  const compile = SerializerSelector()(externalSchemas, options);
  const shared = (externalSchemas === undefined || Object.keys(externalSchemas as object).length === 0) && (options === undefined || Object.keys(options).length === 0);
  if (!shared) return compile;
  return (route) => {
    const schema = route.schema;
    if (typeof schema !== 'object' || schema === null) return compile(route);
    let serializer = compiled.get(schema);
    if (serializer === undefined) {
      serializer = compile(route);
      compiled.set(schema, serializer);
    }
    return serializer;
  };
};
