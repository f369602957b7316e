/**
 * A streaming multipart/form-data reader (RFC 7578) for the local store's upload endpoint, which
 * takes the same form POST a browser sends to S3. It holds at most one chunk plus the delimiter
 * in memory: field values are capped, file bytes go straight to the sink as they arrive.
 */
export class MultipartError extends Error {
  constructor(
    readonly status: 400 | 413,
    message: string,
  ) {
    super(message);
  }
}

export interface FileSink {
  write(chunk: Buffer): Promise<void>;
}

export interface MultipartHandlers {
  /** A plain field, complete. */
  onField(name: string, value: string): void;
  /** A file part starts (every field before it is known): where its bytes go and how many may come. */
  onFile(name: string, filename: string): Promise<{ sink: FileSink; maxBytes: number }>;
}

export interface MultipartLimits {
  /** The whole body, headers and fields included. */
  maxTotalBytes: number;
  maxFieldBytes: number;
  maxParts: number;
}

const HEADER_END = Buffer.from('\r\n\r\n');
const MAX_HEADER_BYTES = 8 * 1024;

/** The boundary of a multipart/form-data content type, or null. */
export function multipartBoundary(contentType: string | undefined): string | null {
  if (!contentType || !/^multipart\/form-data\s*;/i.test(contentType)) return null;
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType);
  return match ? (match[1] ?? match[2]) : null;
}

function parseDisposition(headerBlock: string): { name: string; filename: string | null } {
  let disposition: string | null = null;
  for (const line of headerBlock.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0 && line.slice(0, colon).trim().toLowerCase() === 'content-disposition') disposition = line.slice(colon + 1).trim();
  }
  if (!disposition || !/^form-data\s*(;|$)/i.test(disposition)) throw new MultipartError(400, 'Every part needs Content-Disposition: form-data');
  const params: Record<string, string> = {};
  for (const m of disposition.matchAll(/;\s*([A-Za-z*]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]*))/g)) {
    params[m[1].toLowerCase()] = m[2] !== undefined ? m[2].replace(/\\(.)/g, '$1') : m[3].trim();
  }
  if (!params.name) throw new MultipartError(400, 'Every part needs a name');
  return { name: params.name, filename: params.filename ?? null };
}

export async function parseMultipart(source: AsyncIterable<Buffer | string>, boundary: string, handlers: MultipartHandlers, limits: MultipartLimits): Promise<void> {
  const dashBoundary = Buffer.from(`--${boundary}`);
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  const iterator = source[Symbol.asyncIterator]();
  let buf: Buffer = Buffer.alloc(0);
  let total = 0;
  let parts = 0;

  async function more(): Promise<void> {
    const next = await iterator.next();
    if (next.done) throw new MultipartError(400, 'The form data ended early');
    const chunk = typeof next.value === 'string' ? Buffer.from(next.value) : next.value;
    total += chunk.length;
    if (total > limits.maxTotalBytes) throw new MultipartError(413, 'The upload is too large');
    buf = buf.length ? Buffer.concat([buf, chunk]) : chunk;
  }

  // Preamble (browsers send none): skip to the first boundary.
  for (;;) {
    const at = buf.indexOf(dashBoundary);
    if (at !== -1) {
      buf = buf.subarray(at + dashBoundary.length);
      break;
    }
    if (buf.length > MAX_HEADER_BYTES) throw new MultipartError(400, 'No form data boundary found');
    await more();
  }

  for (;;) {
    while (buf.length < 2) await more();
    const after = buf.subarray(0, 2).toString('latin1');
    if (after === '--') break; // closing delimiter; the epilogue is ignored
    if (after !== '\r\n') throw new MultipartError(400, 'Malformed form data');
    buf = buf.subarray(2);

    let headerEnd = buf.indexOf(HEADER_END);
    while (headerEnd === -1) {
      if (buf.length > MAX_HEADER_BYTES) throw new MultipartError(400, 'A form part header is too long');
      await more();
      headerEnd = buf.indexOf(HEADER_END);
    }
    const { name, filename } = parseDisposition(buf.subarray(0, headerEnd).toString('utf8'));
    buf = buf.subarray(headerEnd + HEADER_END.length);
    if (++parts > limits.maxParts) throw new MultipartError(400, 'Too many form fields');

    const target = filename === null ? null : await handlers.onFile(name, filename);
    const fieldChunks: Buffer[] = [];
    let size = 0;
    const take = async (data: Buffer) => {
      if (data.length === 0) return;
      size += data.length;
      if (target) {
        if (size > target.maxBytes) throw new MultipartError(413, 'The file is too large');
        await target.sink.write(data);
      } else {
        if (size > limits.maxFieldBytes) throw new MultipartError(400, `Form field ${name.slice(0, 40)} is too long`);
        fieldChunks.push(data);
      }
    };
    for (;;) {
      const at = buf.indexOf(delimiter);
      if (at !== -1) {
        await take(buf.subarray(0, at));
        buf = buf.subarray(at + delimiter.length);
        break;
      }
      const keep = delimiter.length - 1;
      if (buf.length > keep) {
        // Copy: the tail kept must not pin the whole chunk, and the sink may hold on to what it got.
        await take(Buffer.from(buf.subarray(0, buf.length - keep)));
        buf = Buffer.from(buf.subarray(buf.length - keep));
      }
      await more();
    }
    if (!target) handlers.onField(name, Buffer.concat(fieldChunks).toString('utf8'));
  }
}
