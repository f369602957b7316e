import { createTestApp, type TestApp } from '../../../test-support/app';
import { authHeaders, signIn } from '../../../test-support/http';
import { postToBucket, startTestS3, type TestS3 } from '../../../test-support/s3';
import type { FileStore } from '../../../storage';
import { createFileStores } from '../../../storage/stores';
import { assertFilesUsable } from '../access';

const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.from(Array.from({ length: 256 }, (_, i) => i))]);

/**
 * The whole files protocol with S3_* set, against s3rver (or TEST_S3_ENDPOINT): the browser's
 * form goes to the bucket, the server never sees the bytes, and still knows the upload happened.
 */
describe('files API with the S3 store', () => {
  let s3: TestS3;
  let t: TestApp;
  let token: string;
  let ownerId: number;
  let store: FileStore;

  beforeAll(async () => {
    s3 = await startTestS3();
    t = await createTestApp('sqlite', {
      env: { S3_BUCKET: s3.bucket, S3_ENDPOINT: s3.endpoint, S3_ACCESS_KEY_ID: s3.accessKeyId, S3_SECRET_ACCESS_KEY: s3.secretAccessKey },
    });
    const staff = await signIn(t.app, 'staff@example.org');
    token = staff.token;
    ownerId = staff.user.id;
    // the S3 store needs no local secret
    store = (await createFileStores(t.config, '')).store;
    expect(store.kind).toBe('s3');
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
  });

  const call = (url: string) => t.app.inject({ method: 'GET', url, headers: authHeaders(token) });

  it('post → upload to the bucket → confirm → get → the same bytes, as an attachment', async () => {
    const presign = await call('/api/v1/files/presigned-post-url?file_name=Ripoti%20ya%20safari.pdf');
    expect(presign.statusCode).toBe(200);
    const { url, fields } = presign.json() as { url: string; fields: Record<string, string> };
    expect(url).toBe(`${s3.endpoint}/${s3.bucket}`);
    const key = fields.key;

    // not uploaded yet: a record cannot use the key, and no link is given
    await expect(assertFilesUsable(t.app.db, { id: ownerId }, [key], store)).rejects.toThrow(/has not been uploaded/);
    expect((await call(`/api/v1/files/presigned-get-url?file_name=${encodeURIComponent(key)}`)).statusCode).toBe(404);

    expect((await postToBucket(url, fields, PDF, 'Ripoti ya safari.pdf', 'application/pdf')).status).toBe(204);

    // a record referencing the key confirms it in the bucket (the server never saw the bytes)
    await expect(assertFilesUsable(t.app.db, { id: ownerId }, [key], store)).resolves.toBeUndefined();
    const link = await call(`/api/v1/files/presigned-get-url?file_name=${encodeURIComponent(key)}`);
    expect(link.statusCode).toBe(200);
    const download = await fetch((link.json() as { url: string }).url);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(PDF)).toBe(true);
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename="Ripoti ya safari.pdf"/);

    const row = await t.app.db.selectFrom('files').selectAll().where('key', '=', key).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ uploader_id: ownerId, size: PDF.length });
    expect(row.uploaded_at).not.toBeNull();
  });
});
