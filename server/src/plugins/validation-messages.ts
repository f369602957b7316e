import { TypeCompiler } from '@sinclair/typebox/compiler';
import { ValueErrorType, type ValueError } from '@sinclair/typebox/errors';
import { Value } from '@sinclair/typebox/value';
import type { TSchema } from '@sinclair/typebox';

type Limits = {
  maxLength?: number;
  minLength?: number;
  maxItems?: number;
  minItems?: number;
  maximum?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  anyOf?: Array<{ const?: unknown; type?: string }>;
};

const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;
/** 1000000 as 1,000,000: an amount limit reads as amounts do on screen. */
const number = (value: number | undefined) => new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 }).format(value ?? 0);

/**
 * A schema may say its own refusal as a whole sentence (`x-refusal`, an OpenAPI extension, so the
 * document shows it too) where one sentence serves every wrong value better than the schema's parts.
 */
export const REFUSAL = 'x-refusal';
const refusalOf = (schema: unknown): string | undefined => {
  const sentence = (schema as Record<string, unknown>)[REFUSAL];
  return typeof sentence === 'string' ? sentence : undefined;
};

/** The values of a union of literals (an enum), or null for any other union. */
function choices(schema: Limits): string[] | null {
  const members = schema.anyOf ?? [];
  return members.length > 0 && members.every((m) => typeof m.const === 'string') ? members.map((m) => String(m.const)) : null;
}

/**
 * A refusal in words a caller can act on, with the limit read from the schema that refused it:
 * the schema is the one place a limit is written, so the 400, the OpenAPI document and the check
 * cannot disagree. Other refusals keep TypeBox's wording ("Expected number").
 */
function validationMessage(error: ValueError): string {
  const schema = error.schema as Limits;
  const sentence = refusalOf(error.schema);
  if (sentence) return sentence;
  switch (error.type) {
    case ValueErrorType.StringMaxLength:
      return `must be at most ${plural(schema.maxLength!, 'character')}`;
    case ValueErrorType.StringMinLength:
      return schema.minLength === 1 ? 'must not be empty' : `must be at least ${plural(schema.minLength!, 'character')}`;
    case ValueErrorType.ArrayMaxItems:
      return `must list at most ${plural(schema.maxItems!, 'item')}`;
    case ValueErrorType.ArrayMinItems:
      return `must list at least ${plural(schema.minItems!, 'item')}`;
    case ValueErrorType.NumberMaximum:
    case ValueErrorType.IntegerMaximum:
      return `must be at most ${number(schema.maximum)}`;
    case ValueErrorType.NumberMinimum:
    case ValueErrorType.IntegerMinimum:
      return `must be at least ${number(schema.minimum)}`;
    case ValueErrorType.NumberExclusiveMinimum:
    case ValueErrorType.IntegerExclusiveMinimum:
      return `must be greater than ${number(schema.exclusiveMinimum)}`;
    case ValueErrorType.Union: {
      const values = choices(schema);
      if (values) return `must be one of ${values.join(', ')}`;
      // X or null: what is wrong with it as an X
      const members = schema.anyOf ?? [];
      const inner =
        members.length === 2 && members.some((m) => m.type === 'null')
          ? error.errors[members.findIndex((m) => m.type !== 'null')]?.First()
          : undefined;
      return inner ? validationMessage(inner) : error.message;
    }
    default:
      return error.message;
  }
}

/** The first refusal of a value, as Fastify's validation result carries it (the error handler reads path and message). */
export interface Refusal {
  keyword: string;
  instancePath: string;
  schemaPath: string;
  params: Record<string, unknown>;
  message: string;
}

/**
 * TypeBox's check of one part of a request (as @fastify/type-provider-typebox does it: query, path
 * and headers converted from text first), answering the first refusal in validationMessage's words.
 */
export function typeBoxValidator(schema: TSchema, httpPart: string | undefined) {
  const check = TypeCompiler.Compile(schema);
  return (value: unknown): { value: unknown } | { error: Refusal[] } => {
    const converted = httpPart === 'body' ? value : Value.Convert(schema, value);
    if (check.Check(converted)) return { value: converted };
    const first = check.Errors(converted).First();
    // a whole sentence is answered as it is, without the field's path before it (plugins/errors.ts)
    const keyword = first && refusalOf(first.schema) ? REFUSAL : first ? ValueErrorType[first.type] : 'unknown';
    return {
      error: [
        { keyword, instancePath: first?.path ?? '', schemaPath: '', params: {}, message: first ? validationMessage(first) : 'is invalid' },
      ],
    };
  };
}
