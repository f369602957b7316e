import { Kind } from '@sinclair/typebox';
import type { FastifyInstance, RouteOptions } from 'fastify';

/**
 * The largest whole number a request may carry where its schema sets no limit of its own:
 * PostgreSQL's `integer`, the type of every id column (and of what pages and limits multiply).
 * A larger id would pass validation and fail in the database as a 500 on PostgreSQL ("out of
 * range for type integer"), and a page of 10^20 fails both databases' OFFSET; as a schema
 * limit it is a 400 `{error, code}` naming the parameter, and the OpenAPI document says it.
 */
export const INTEGER_MAX = 2_147_483_647;

type Node = Record<string | symbol, unknown>;

/** A copy of `schema` (TypeBox's symbol keys kept) with every integer lacking a maximum given INTEGER_MAX. */
function boundIntegers<T>(schema: T): T {
  if (Array.isArray(schema)) return schema.map(boundIntegers) as T;
  if (schema === null || typeof schema !== 'object') return schema;
  const copy: Node = {};
  for (const key of Reflect.ownKeys(schema)) copy[key] = boundIntegers((schema as Node)[key]);
  const integer = copy[Kind] === 'Integer' || copy.type === 'integer';
  if (integer && copy.maximum === undefined && copy.exclusiveMaximum === undefined) copy.maximum = INTEGER_MAX;
  return copy as T;
}

/**
 * Every route's params, query and body schema passes through boundIntegers as it is declared:
 * one rule for all ids, pages and limits, present and future. Registered before the OpenAPI
 * plugin, whose own onRoute hook then documents the bounded schemas.
 */
export function registerBoundedIntegers(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const schema = route.schema as Record<string, unknown> | undefined;
    if (!schema) return;
    for (const part of ['params', 'querystring', 'body'] as const) {
      if (schema[part]) schema[part] = boundIntegers(schema[part]);
    }
  });
}
