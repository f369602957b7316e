import type { Multipart } from '@fastify/multipart';
import type { Readable } from 'node:stream';
import { AppError } from '../errors';

/**
 * The local store's upload form (the same form POST a browser sends to S3), read with
 * @fastify/multipart on busboy: RFC 7578 parts, RFC 5987 `filename*`, per-part content types
 * (a part typed application/octet-stream is a file even without a filename). This file only fixes
 * the form's shape — plain fields first, each once, then exactly one part named `file` — and
 * turns parser failures into `{error, code}` answers; the policy itself is checked by the caller.
 */
export class MultipartError extends Error {
  constructor(
    readonly status: 400 | 413,
    message: string,
  ) {
    super(message);
  }
}

/** The client went away mid-body: nobody reads the answer, so it is no server error (warn, not error). */
export class UploadInterrupted extends AppError {
  constructor() {
    super('BAD_REQUEST', 'The upload was interrupted');
  }
}

/** busboy's limits for the form: a few short fields and one file, at most `maxFileBytes` + 1 read. */
export function uploadFormLimits(maxFileBytes: number) {
  return { fieldNameSize: 100, fieldSize: 8 * 1024, fields: 10, files: 1, parts: 11, headerPairs: 20, fileSize: maxFileBytes + 1 };
}

/** Errors @fastify/multipart raises for a form it refuses, by code. */
const PARSER_ERRORS: Record<string, MultipartError> = {
  FST_REQ_FILE_TOO_LARGE: new MultipartError(413, 'The file is too large'),
  FST_FILES_LIMIT: new MultipartError(400, 'Send exactly one file, in the field "file"'),
  FST_PARTS_LIMIT: new MultipartError(400, 'Too many form fields'),
  FST_FIELDS_LIMIT: new MultipartError(400, 'Too many form fields'),
  FST_PROTO_VIOLATION: new MultipartError(400, 'Malformed form data'),
  FST_INVALID_JSON_FIELD_ERROR: new MultipartError(400, 'Malformed form data'),
};

/**
 * What a failure while reading the form answers. `fromParser` says the error came out of busboy
 * (its plain `Error`s — unexpected end, malformed header — are the client's fault); anything else
 * that is not ours (disk full, database down) stays a 500.
 */
function formError(error: unknown, fromParser: boolean, aborted: boolean): unknown {
  if (aborted || (error as { code?: string } | null)?.code === 'FST_MP_PREMATURE_CLOSE') return new UploadInterrupted();
  if (error instanceof AppError) return error;
  const known = error instanceof MultipartError ? error : PARSER_ERRORS[(error as { code?: string } | null)?.code ?? ''];
  if (known) return new AppError(known.status === 413 ? 'PAYLOAD_TOO_LARGE' : 'BAD_REQUEST', known.message);
  return fromParser ? new AppError('BAD_REQUEST', 'Malformed form data') : error;
}

/**
 * Reads `parts` (request.parts()): plain fields, then the one file part, handed to `receive` with
 * the fields so far, which must consume its stream. Nothing may follow the file. `aborted` tells
 * whether the client has gone.
 */
export async function readFileForm(
  parts: AsyncIterable<Multipart>,
  receive: (fields: Record<string, string>, file: Readable) => Promise<void>,
  aborted: () => boolean,
): Promise<void> {
  const fields: Record<string, string> = {};
  let received = false;
  let parserFailed = false;
  const iterator = parts[Symbol.asyncIterator]();
  try {
    for (;;) {
      parserFailed = true;
      const next = await iterator.next();
      parserFailed = false;
      if (next.done) break;
      const part = next.value;
      // a file part refused unread must not hold the parser (and the socket) waiting for a reader
      if (part.type === 'file' && (received || part.fieldname !== 'file')) part.file.destroy();
      if (received)
        throw new MultipartError(
          400,
          part.type === 'file' ? 'Send exactly one file, in the field "file"' : 'The file must be the last form field',
        );
      const name = part.fieldname.slice(0, 40);
      if (part.type === 'field') {
        if (part.valueTruncated || part.fieldnameTruncated) throw new MultipartError(400, `Form field ${name} is too long`);
        if (typeof part.value !== 'string') throw new MultipartError(400, `Form field ${name} must be text`);
        if (Object.prototype.hasOwnProperty.call(fields, part.fieldname)) throw new MultipartError(400, `Form field ${name} is repeated`);
        fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== 'file') throw new MultipartError(400, 'Send exactly one file, in the field "file"');
      try {
        await receive(fields, part.file);
      } catch (error) {
        // busboy fails the file stream itself (body ended mid-part); a failing disk has an errno code
        parserFailed = part.file.errored === error && (error as { code?: string }).code === undefined;
        if (!part.file.readableEnded) part.file.destroy();
        throw error;
      }
      // busboy stops at fileSize + 1 bytes and flags the stream; the receiver counts too, this is the backstop
      if (part.file.truncated) throw new MultipartError(413, 'The file is too large');
      received = true;
    }
  } catch (error) {
    throw formError(error, parserFailed, aborted());
  }
  if (!received) throw new AppError('BAD_REQUEST', 'No file was sent');
}
