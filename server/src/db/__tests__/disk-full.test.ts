import { createTestApp, type TestApp } from '../../test-support/app';
import { faultSuite, notRoot } from '../../test-support/fault-suite';
import { uploadForm, type Presigned } from '../../test-support/files';
import { authHeaders, signIn } from '../../test-support/http';
import { captureLog } from '../../test-support/log';
import { mountSmallVolume } from '../../test-support/small-volume';
import { DISK_FULL_MESSAGE } from '../disk-space';

/**
 * SQLite on a volume that fills up: a real 24 MB ext4 filesystem, loop-mounted (needs root, as CI
 * runs; skipped otherwise, failed in CI; a 24 MB tmpfs where there is no loop device), holding
 * DATA_DIR. A filler file takes the free space; writes then fail for want of room, and each must
 * answer 503 {error, code} (never "500 Something went wrong"), readiness must say the disk is
 * full, and both must recover once the filler is gone.
 */
const suite = faultSuite('Full disk suite (in process)', [notRoot('a loop-mounted filesystem')]);

suite('a full disk under DATA_DIR (SQLite, loop-mounted ext4)', () => {
  let volume: Awaited<ReturnType<typeof mountSmallVolume>>;
  let t: TestApp;
  const log = captureLog('warn');

  beforeAll(async () => {
    volume = await mountSmallVolume();
    t = await createTestApp('sqlite', { dataDir: volume.mount, logger: log.logger });
  });
  afterAll(async () => {
    await t?.close();
    await volume?.unmount();
  });

  const ready = () => t.app.inject({ method: 'GET', url: '/api/v1/health/ready' });

  it('answers 503 UNAVAILABLE with a plain sentence, reports the disk full, and recovers when space returns', async () => {
    const staff = await signIn(t.app, 'staff@example.org');
    let mute = false;
    const write = () =>
      t.app.inject({
        method: 'PUT',
        url: '/api/v1/users/settings',
        headers: authHeaders(staff.token),
        payload: { settings: JSON.stringify({ mute_notification: (mute = !mute) }), user_id: staff.user.id },
      });
    expect((await write()).statusCode).toBe(200);
    expect((await ready()).json().checks.disk).toBe('ok');

    const presign = await t.app.inject({
      method: 'GET',
      url: '/api/v1/files/presigned-post-url?file_name=receipt.pdf',
      headers: authHeaders(staff.token),
    });
    const presigned = presign.json() as Presigned;

    await volume.fill();
    // SQLite's WAL may still have room for a few commits: write until the disk shows (here the first write)
    const answers: number[] = [];
    let refused: Awaited<ReturnType<typeof write>> | null = null;
    for (let i = 0; i < 3000 && !refused; i++) {
      const answer = await write();
      answers.push(answer.statusCode);
      if (answer.statusCode !== 200) refused = answer;
    }
    const errors = log.entries().filter((e) => e.level >= 50);
    expect(answers.filter((s) => s !== 200 && s !== 503)).toEqual([]);
    // each refusal is logged as an error, naming the operation
    expect(errors.length).toBeGreaterThan(0);
    for (const entry of errors) expect(entry).toMatchObject({ msg: DISK_FULL_MESSAGE, method: 'PUT', route: '/api/v1/users/settings' });
    expect(refused?.statusCode).toBe(503);
    expect(refused?.json()).toEqual({ error: DISK_FULL_MESSAGE, code: 'DISK_FULL' });

    // an upload to the local store (its policy signed before the disk filled) meets the same disk
    const upload = await t.app.inject({ method: 'POST', url: presigned.url, ...uploadForm(presigned.fields, Buffer.alloc(200_000, 7)) });
    expect(upload.statusCode).toBe(503);
    expect(upload.json()).toEqual({ error: DISK_FULL_MESSAGE, code: 'DISK_FULL' });

    const full = await ready();
    expect(full.statusCode).toBe(503);
    expect(full.json()).toMatchObject({ error: 'Not ready: disk full', code: 'INTERNAL', checks: { database: 'ok', disk: 'full' } });
    // liveness stays up: restarting the process frees no space
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/health' })).statusCode).toBe(200);

    await volume.free();
    const back = await ready();
    expect(back.statusCode).toBe(200);
    expect(back.json().checks.disk).toBe('ok');
    for (let i = 0; i < 20; i++) expect((await write()).statusCode).toBe(200);
  }, 120_000);
});
