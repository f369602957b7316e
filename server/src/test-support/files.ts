import type { FastifyInstance } from 'fastify';
import { authHeaders } from './http';

export interface Presigned {
  url: string;
  fields: Record<string, string>;
}

/** The multipart form a browser sends to the local store: every field in order, then `file` last. */
export function uploadForm(fields: Record<string, string>, file: Buffer, filename = 'x', boundary = '----imprestBoundary7MA4YWxk') {
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
  );
  parts.push(file, Buffer.from(`\r\n--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Uploads through the local store as `token`'s user would; resolves with the stored key. */
export async function uploadTestFile(app: FastifyInstance, token: string, name: string, bytes: Buffer): Promise<string> {
  const presign = await app.inject({
    method: 'GET',
    url: `/api/v1/files/presigned-post-url?file_name=${encodeURIComponent(name)}`,
    headers: authHeaders(token),
  });
  if (presign.statusCode !== 200) throw new Error(`presign ${name}: ${presign.statusCode} ${presign.body}`);
  const { url, fields } = presign.json() as Presigned;
  const stored = await app.inject({ method: 'POST', url, ...uploadForm(fields, bytes) });
  if (stored.statusCode !== 204) throw new Error(`upload ${name}: ${stored.statusCode} ${stored.body}`);
  return fields.key;
}
