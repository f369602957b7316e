import { Type } from '@sinclair/typebox';
import { ERROR_CODES, type ErrorCode } from '@imprest/domain';
import { XLSX_CONTENT_TYPE } from './spreadsheet';

/** One code of the shared catalogue (ErrorCode): a client may switch on it. */
export const ErrorCodeSchema = Type.Unsafe<ErrorCode>({ type: 'string', enum: [...ERROR_CODES], description: 'From the shared catalogue (ErrorCode)' });

/** The body of every non-2xx answer. */
export const ErrorSchema = Type.Object(
  { error: Type.String(), code: ErrorCodeSchema },
  { additionalProperties: false, description: 'Error' },
);

export const MessageSchema = Type.Object({ message: Type.String() }, { additionalProperties: false });

/** Standard error answers, to spread into a route's `response`. */
export const errors = (...statuses: number[]) => Object.fromEntries(statuses.map((s) => [s, ErrorSchema]));

/** A route's 200 answer that is an .xlsx workbook rather than JSON (for the OpenAPI document). */
export const xlsxAnswer = (description: string) => ({ description, content: { [XLSX_CONTENT_TYPE]: { schema: { type: 'string', format: 'binary' } } } });
