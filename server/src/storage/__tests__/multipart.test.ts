import { MultipartError, multipartBoundary, parseMultipart, type FileSink } from '../multipart';

const B = 'XyZboundary';
function body(fields: Record<string, string>, file: Buffer) {
  const parts = Object.entries(fields).map(([n, v]) => `--${B}\r\nContent-Disposition: form-data; name="${n}"\r\n\r\n${v}\r\n`);
  return Buffer.concat([
    Buffer.from(parts.join('')),
    Buffer.from(`--${B}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${B}--\r\n`),
  ]);
}
async function* chunks(data: Buffer, size: number) {
  for (let i = 0; i < data.length; i += size) yield data.subarray(i, i + size);
}
async function run(data: Buffer, size: number, maxBytes = 1000, maxTotalBytes = 10_000) {
  const fields: Record<string, string> = {};
  const received: Buffer[] = [];
  const sink: FileSink = { write: async (c) => void received.push(Buffer.from(c)) };
  await parseMultipart(chunks(data, size), B, { onField: (n, v) => (fields[n] = v), onFile: async () => ({ sink, maxBytes }) }, { maxTotalBytes, maxFieldBytes: 100, maxParts: 5 });
  return { fields, file: Buffer.concat(received) };
}

describe('parseMultipart', () => {
  // Bytes that look like the start of a delimiter, split across every chunk size.
  const file = Buffer.concat([Buffer.from('\r\n--XyZ\r\n-'), Buffer.from(Array.from({ length: 256 }, (_, i) => i)), Buffer.from('\r\n--XyZboundar')]);
  it.each([1, 2, 3, 7, 13, 64, 100_000])('reads fields and file bytes exactly in %i-byte chunks', async (size) => {
    const { fields, file: got } = await run(body({ key: 'k', policy: 'p=' }, file), size);
    expect(fields).toEqual({ key: 'k', policy: 'p=' });
    expect(got.equals(file)).toBe(true);
  });
  it('stops at the file cap and the body cap', async () => {
    await expect(run(body({}, Buffer.alloc(1001)), 50)).rejects.toMatchObject({ status: 413 });
    await expect(run(body({}, Buffer.alloc(900)), 50, 1000, 500)).rejects.toMatchObject({ status: 413 });
  });
  it('refuses long fields, truncated bodies and parts without a name', async () => {
    await expect(run(body({ key: 'x'.repeat(101) }, file), 10)).rejects.toBeInstanceOf(MultipartError);
    const whole = body({ key: 'k' }, file);
    await expect(run(whole.subarray(0, whole.length - 10), 10)).rejects.toMatchObject({ status: 400 });
    await expect(run(Buffer.from(`--${B}\r\nContent-Disposition: form-data\r\n\r\nx\r\n--${B}--`), 10)).rejects.toMatchObject({ status: 400 });
  });
  it('reads the boundary of the content type', () => {
    expect(multipartBoundary('multipart/form-data; boundary=----WebKitFormBoundaryA1')).toBe('----WebKitFormBoundaryA1');
    expect(multipartBoundary('multipart/form-data; boundary="a b"')).toBe('a b');
    expect(multipartBoundary('application/json')).toBeNull();
    expect(multipartBoundary('multipart/form-data')).toBeNull();
  });
});
