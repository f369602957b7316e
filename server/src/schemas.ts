import { Type } from '@sinclair/typebox';
import { ErrorSchema } from '@imprest/domain/contract';
import { INTEGER_MAX } from './plugins/bounded-integers';
import { XLSX_CONTENT_TYPE } from './spreadsheet';

/** The error shapes are the contract's (ErrorSchema: `{error, code}` with code from ErrorCode). */
export { ErrorCodeSchema, ErrorSchema } from '@imprest/domain/contract';

/**
 * An id in a path or query: written in digits (plugins/strict-numbers.ts refuses "1.5", "0x10",
 * "1e3"), 1 to PostgreSQL's integer maximum, so a larger one is a 400 rather than a database error.
 */
export const PathId = (description = 'A positive whole number') => Type.Integer({ minimum: 1, maximum: INTEGER_MAX, description });

export const MessageSchema = Type.Object({ message: Type.String() }, { additionalProperties: false });

/** Standard error answers, to spread into a route's `response`. */
export const errors = (...statuses: number[]) => Object.fromEntries(statuses.map((s) => [s, ErrorSchema]));

/**
 * A route's 200 answer that is a file rather than JSON (for the OpenAPI document): its type, and the
 * Content-Disposition header that offers it as a download under the name the description gives.
 */
export const fileAnswer = (contentType: string, description: string) => ({
  description,
  content: { [contentType]: { schema: { type: 'string', format: 'binary' } } },
  headers: {
    'Content-Disposition': { type: 'string', description: '`attachment; filename="…"`: a download, named as the answer says' },
  },
});

/** A route's 200 answer that is an .xlsx workbook. */
export const xlsxAnswer = (description: string) => fileAnswer(XLSX_CONTENT_TYPE, description);
