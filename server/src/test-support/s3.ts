import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

export interface TestS3 {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  close(): Promise<void>;
}

const S3RVER_KEY = 'S3RVER';

/**
 * The S3 server the store tests talk to: TEST_S3_ENDPOINT when set (MinIO, AWS — assumed to
 * enforce POST policies), otherwise s3rver started in this process on a free port with a fresh
 * bucket. s3rver checks signatures but not a policy's conditions, so the tests that need those
 * run only against a real one.
 */
export async function startTestS3(): Promise<TestS3> {
  const bucket = process.env.TEST_S3_BUCKET ?? 'imprest-test';
  const external = process.env.TEST_S3_ENDPOINT;
  if (external) {
    return {
      endpoint: external,
      bucket,
      accessKeyId: process.env.TEST_S3_ACCESS_KEY_ID ?? S3RVER_KEY,
      secretAccessKey: process.env.TEST_S3_SECRET_ACCESS_KEY ?? S3RVER_KEY,
      close: async () => undefined,
    };
  }
  const directory = await mkdtemp(join(tmpdir(), 'imprest-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    accessKeyId: S3RVER_KEY,
    secretAccessKey: S3RVER_KEY,
    close: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/** What a browser does with a presigned POST: every field in order, then the file, sent to the bucket. */
export function postToBucket(
  url: string,
  fields: Record<string, string>,
  bytes: Buffer,
  filename = 'x.pdf',
  type?: string,
): Promise<Response> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(bytes)], type ? { type } : {}), filename);
  return fetch(url, { method: 'POST', body: form });
}
