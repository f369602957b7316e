import { Type, type TArray, type TInteger, type TSchema } from '@sinclair/typebox';
import { ERROR_CODES, type ErrorCode } from '../errors';

/** Answers carry exactly their fields: a field the schema does not name is a contract change. */
export const strict = { additionalProperties: false } as const;
export const literals = <T extends string>(values: readonly T[], options = {}) =>
  Type.Union(
    values.map((v) => Type.Literal(v)),
    options,
  );
export const nullable = <T extends TSchema>(schema: T, options = {}) => Type.Union([schema, Type.Null()], options);
export const time = (description = 'ISO 8601') => Type.String({ description });
/** A calendar day as the API writes it, YYYY-MM-DD. */
export const calendarDay = (description: string) => Type.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$', maxLength: 10, description });
/** A day of the organisation's calendar (its time zone), YYYY-MM-DD; the server checks it is a real day. */
export const organisationDay = (description: string) =>
  Type.String({ maxLength: 10, description: `YYYY-MM-DD on the organisation's calendar; ${description}` });

/** One code of the shared catalogue (ErrorCode): a client may switch on it. */
export const ErrorCodeSchema = Type.Unsafe<ErrorCode>({
  type: 'string',
  enum: [...ERROR_CODES],
  description: 'From the shared catalogue (ErrorCode)',
});

/** The body of every non-2xx answer. */
export const ErrorSchema = Type.Object({ error: Type.String(), code: ErrorCodeSchema }, { ...strict, description: 'Error' });

/** A page of a list: its rows under `key`, and where the page is. */
export function pageOf<K extends string, T extends TSchema>(key: K, row: T) {
  const properties = { [key]: Type.Array(row), page: Type.Integer(), per_page: Type.Integer(), total: Type.Integer() };
  return Type.Object(properties as Record<K, TArray<T>> & Record<'page' | 'per_page' | 'total', TInteger>, strict);
}
