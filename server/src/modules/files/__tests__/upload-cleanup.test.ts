import fs from 'node:fs';
import path from 'node:path';
import { takeJobLock } from '../../../db/job-locks';
import { createTestApp, DIALECTS, type TestApp } from '../../../test-support/app';
import { uploadTestFile, type Presigned } from '../../../test-support/files';
import { authHeaders, signIn } from '../../../test-support/http';
import { requestBody, requestsApi } from '../../../test-support/requests';
import { postToBucket, startTestS3, type TestS3 } from '../../../test-support/s3';
import { createFileStores } from '../../../storage/stores';
import { UNATTACHED_TTL_MS } from '../cleanup';

const PDF = Buffer.from('%PDF-1.4\nclean-up\n%%EOF\n');
const HOUR = 60 * 60 * 1000;

const presign = (t: TestApp, token: string, name: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/files/presigned-post-url?file_name=${encodeURIComponent(name)}`,
    headers: authHeaders(token),
  });
const rowKeys = async (t: TestApp) => (await t.app.db.selectFrom('files').select('key').orderBy('key').execute()).map((r) => r.key);

/**
 * Uploads nobody attached are deleted after a day — bytes and row — by a job that runs with the
 * app's clock under a job_locks lease; attached ones (any request version lists them) stay.
 */
describe.each(DIALECTS)('unattached upload clean-up, local store (%s)', (dialect) => {
  let t: TestApp;
  let attached: string;
  let loose: string;
  let issued: string;
  let young: string;
  const onDisk = (key: string) => fs.existsSync(path.join(t.dataDir, 'files', key));

  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { UPLOAD_QUOTA_FILES: '3' } });
    const { token } = await signIn(t.app, 'staff@example.org');
    attached = await uploadTestFile(t.app, token, 'evidence.pdf', PDF);
    loose = await uploadTestFile(t.app, token, 'draft.pdf', PDF);
    issued = ((await presign(t, token, 'never-sent.pdf')).json() as Presigned).fields.key;
    expect((await requestsApi(t.app, token).create(requestBody({ file_paths: [attached] }))).statusCode).toBe(201);
    t.clock.advance(2 * HOUR);
    young = await uploadTestFile(t.app, token, 'later.pdf', PDF);
    expect((await presign(t, token, 'full.pdf')).statusCode).toBe(409); // loose, issued, young: the quota of 3
  });
  afterAll(() => t.close());

  it('deletes nothing younger than a day', async () => {
    t.clock.advance(UNATTACHED_TTL_MS - 3 * HOUR); // the first uploads are 23 hours old
    expect(await t.app.uploadCleanup.runOnce()).toEqual({ deleted: 0, attached: 0, failed: 0 });
    expect(await rowKeys(t)).toEqual([attached, loose, issued, young].sort());
  });

  it('after a day: deletes unattached bytes and rows, keeps attached and younger ones, and frees the quota', async () => {
    t.clock.advance(HOUR + 60_000);
    expect(await t.app.uploadCleanup.runOnce()).toEqual({ deleted: 2, attached: 1, failed: 0 });
    expect(await rowKeys(t)).toEqual([attached, young].sort());
    expect([onDisk(attached), onDisk(loose), onDisk(young)]).toEqual([true, false, true]);
    const kept = await t.app.db.selectFrom('files').select('attached_at').where('key', '=', attached).executeTakeFirstOrThrow();
    expect(kept.attached_at).not.toBeNull();
    // the owner still opens the attached file
    const { token } = await signIn(t.app, 'staff@example.org');
    const link = await t.app.inject({
      method: 'GET',
      url: `/api/v1/files/presigned-get-url?file_name=${attached}`,
      headers: authHeaders(token),
    });
    expect((await t.app.inject({ method: 'GET', url: (link.json() as { url: string }).url })).rawPayload.equals(PDF)).toBe(true);
    expect((await presign(t, token, 'room-again.pdf')).statusCode).toBe(200);
    // a second pass has nothing to do: the attached file is not looked at again
    expect(await t.app.uploadCleanup.runOnce()).toEqual({ deleted: 0, attached: 0, failed: 0 });
  });

  it('skips a pass while another instance holds the job lock, and runs once its lease ran out', async () => {
    t.clock.advance(3 * HOUR); // `young` is now over a day old
    expect(await takeJobLock(t.app.db, 'files.unattached-cleanup', 'other-instance', t.clock(), 15 * 60 * 1000)).toBe(true);
    expect(await t.app.uploadCleanup.runOnce()).toBeNull();
    expect(onDisk(young)).toBe(true);
    t.clock.advance(15 * 60 * 1000 + 1);
    expect(await t.app.uploadCleanup.runOnce()).toMatchObject({ deleted: 1 });
    expect(onDisk(young)).toBe(false);
    expect(await t.app.db.selectFrom('job_locks').selectAll().execute()).toEqual([]); // released after the pass
  });

  it('runs as soon as it is started (main.ts starts it), and stops with the app', async () => {
    const { token } = await signIn(t.app, 'staff@example.org');
    const stale = await uploadTestFile(t.app, token, 'stale.pdf', PDF);
    t.clock.advance(UNATTACHED_TTL_MS + 60_000);
    t.app.uploadCleanup.start();
    // the pass removes the file, then its row: wait for both, not only the first
    const gone = async () => !onDisk(stale) && !(await rowKeys(t)).includes(stale);
    for (let i = 0; i < 200 && !(await gone()); i++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(onDisk(stale)).toBe(false);
    expect(await rowKeys(t)).not.toContain(stale);
  });
});

describe('unattached upload clean-up, S3 store', () => {
  let s3: TestS3;
  let t: TestApp;
  beforeAll(async () => {
    s3 = await startTestS3();
    t = await createTestApp('sqlite', {
      env: { S3_BUCKET: s3.bucket, S3_ENDPOINT: s3.endpoint, S3_ACCESS_KEY_ID: s3.accessKeyId, S3_SECRET_ACCESS_KEY: s3.secretAccessKey },
    });
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
  });

  it('deletes the unattached object from the bucket and keeps the attached one', async () => {
    const { token } = await signIn(t.app, 'staff@example.org');
    const toBucket = async (name: string) => {
      const { url, fields } = (await presign(t, token, name)).json() as Presigned;
      expect((await postToBucket(url, fields, PDF)).status).toBe(204);
      return fields.key;
    };
    const attached = await toBucket('evidence.pdf');
    const loose = await toBucket('draft.pdf');
    expect((await requestsApi(t.app, token).create(requestBody({ file_paths: [attached] }))).statusCode).toBe(201);
    const store = (await createFileStores(t.config, '')).store;
    expect(await store.stat(loose)).toBe(PDF.length);

    t.clock.advance(UNATTACHED_TTL_MS + 60_000);
    expect(await t.app.uploadCleanup.runOnce()).toEqual({ deleted: 1, attached: 1, failed: 0 });
    expect(await store.stat(loose)).toBeNull();
    expect(await store.stat(attached)).toBe(PDF.length);
    expect(await rowKeys(t)).toEqual([attached]);
  });
});
