import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

type Serialize = (data: unknown) => string;

/** Every answer's serializer compiled in this process, by its options and schema. */
const compiled = new Map<string, Serialize>();

/**
 * Fastify's own response serializers (fast-json-stringify), compiled once per process for the same
 * schema. Compiling the answers of ~100 routes was a third of an app's start (~0.5 s of CPU), and
 * the API tests start several apps in one process (each dialect, often each test); a server starts
 * one app, so it changes nothing there. fast-json-stringify reads only the schema's JSON, and the
 * app adds no shared schemas (addSchema), so equal JSON compiles to the same function.
 *
 * `compileValidators`: a serializer tells which branch of a union a value takes (a nullable field
 * is one) with an ajv validator, which fast-json-stringify otherwise compiles on the first answer
 * that needs it — on a fresh server 20 ms of the event loop in its first budget report, 12 in its
 * first sign-in. The server compiles them all before it listens (~0.5 s more CPU in its start of
 * ~1.2 s); the tests, which start many apps, leave each to its first answer.
 */
export function cachedSerializers({ compileValidators = false } = {}): NonNullable<FastifyServerOptions['schemaController']> {
  return {
    compilersFactory: {
      buildSerializer(externalSchemas: unknown, serializerOptions: FastifyServerOptions['serializerOpts']) {
        // without ajv's code optimisation, which doubled the compile and made no validator measurably faster
        const eager = { compileValidators: true, ajv: { code: { optimize: false } } };
        const options = { ...serializerOptions, ...(compileValidators && eager) } as FastifyServerOptions['serializerOpts'];
        const compile = SerializerSelector()(externalSchemas, options);
        const scope = JSON.stringify([externalSchemas ?? null, options ?? null]);
        return (route: Parameters<typeof compile>[0]) => {
          const key = `${scope}${JSON.stringify(route.schema)}`;
          let serialize = compiled.get(key);
          if (!serialize) compiled.set(key, (serialize = compile(route)));
          return serialize;
        };
      },
    },
  };
}
