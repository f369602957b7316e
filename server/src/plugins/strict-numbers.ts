import { Kind, type TSchema } from '@sinclair/typebox';
import type { FastifySchemaCompiler } from 'fastify';
import { typeBoxValidator } from './validation-messages';

type NumberKind = 'Integer' | 'Number';

/** Digits only, as a person writes them: no sign but '-', no spaces, no hex, no exponent, no leading zeros. */
const WRITTEN: Record<NumberKind, RegExp> = {
  Integer: /^-?(0|[1-9][0-9]*)$/,
  Number: /^-?(0|[1-9][0-9]*)(\.[0-9]+)?$/,
};
const MESSAGE: Record<NumberKind, string> = {
  Integer: 'must be a whole number written in digits',
  Number: 'must be a number written in digits',
};

function kindOf(schema: TSchema | undefined): NumberKind | null {
  const kind = (schema as { [Kind]?: unknown } | undefined)?.[Kind];
  return kind === 'Integer' || kind === 'Number' ? kind : null;
}

/** The top-level properties of a query, path or header schema that hold numbers. */
function numberProperties(schema: TSchema): Array<[string, NumberKind]> {
  const properties = (schema as { properties?: Record<string, TSchema> }).properties ?? {};
  return Object.entries(properties).flatMap(([name, property]) => {
    const kind = kindOf(property);
    return kind ? [[name, kind] as [string, NumberKind]] : [];
  });
}

/**
 * TypeBox's compiler, but query, path and header numbers must be written plainly. TypeBox's
 * Value.Convert reads text leniently before checking (`1.5` → 1, `0x10` → 16, `1e1` → 10, ` 1` → 1),
 * so a page other than the one asked for would be served; here such text is a 400 naming the
 * parameter. Bodies are JSON and carry real numbers, so they go to TypeBox unchanged. A refusal
 * says what the schema asks (validationMessage), its limit read from the schema.
 */
export const strictValidatorCompiler: FastifySchemaCompiler<TSchema> = (route) => {
  const validate = typeBoxValidator(route.schema, route.httpPart);
  const numbers = route.httpPart === 'body' ? [] : numberProperties(route.schema);
  if (numbers.length === 0) return validate;
  return (value: unknown) => {
    const input = (value ?? {}) as Record<string, unknown>;
    for (const [name, kind] of numbers) {
      const given = input[name];
      if (given === undefined) continue;
      // A repeated parameter arrives as an array; every copy must be well written.
      if ([given].flat().some((item) => typeof item !== 'string' || !WRITTEN[kind].test(item))) {
        return { error: [{ instancePath: `/${name}`, message: MESSAGE[kind] }] } as unknown as ReturnType<typeof validate>;
      }
    }
    return validate(value);
  };
};
