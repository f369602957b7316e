import { Type } from '@sinclair/typebox';

/** The body of every non-2xx answer. */
export const ErrorSchema = Type.Object(
  { error: Type.String(), code: Type.String() },
  { additionalProperties: false, description: 'Error' },
);

export const MessageSchema = Type.Object({ message: Type.String() }, { additionalProperties: false });

/** Standard error answers, to spread into a route's `response`. */
export const errors = (...statuses: number[]) => Object.fromEntries(statuses.map((s) => [s, ErrorSchema]));
