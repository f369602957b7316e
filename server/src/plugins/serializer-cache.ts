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
 */
export const cachedSerializers: NonNullable<FastifyServerOptions['schemaController']> = {
  compilersFactory: {
    buildSerializer(externalSchemas: unknown, options: FastifyServerOptions['serializerOpts']) {
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
