import { Type } from '@sinclair/typebox';
import { ErrorSchema } from '@imprest/domain/contract';
import { XLSX_CONTENT_TYPE } from './spreadsheet';

/** The error shapes are the contract's (ErrorSchema: `{error, code}` with code from ErrorCode). */
export { ErrorCodeSchema, ErrorSchema } from '@imprest/domain/contract';

export const MessageSchema = Type.Object({ message: Type.String() }, { additionalProperties: false });

/** Standard error answers, to spread into a route's `response`. */
export const errors = (...statuses: number[]) => Object.fromEntries(statuses.map((s) => [s, ErrorSchema]));

/** A route's 200 answer that is an .xlsx workbook rather than JSON (for the OpenAPI document). */
export const xlsxAnswer = (description: string) => ({
  description,
  content: { [XLSX_CONTENT_TYPE]: { schema: { type: 'string', format: 'binary' } } },
});
