import { DISK_FULL_MESSAGE } from '../../db/disk-space';
import { faultSuite, noBuild, notRoot } from '../../test-support/fault-suite';
import { mountSmallVolume } from '../../test-support/small-volume';
import { alive } from './faults';
import { api, DIST_MAIN, type Instance, signIn, startInstance, stopInstance } from './instances';

/**
 * The production build with DATA_DIR (SQLite, its WAL, the files) on a small volume that fills
 * up: every write must answer 503 {error, code} — never "500 Something went wrong" — readiness
 * must say the disk is full while liveness stays up (a restart frees no space), and both must
 * recover by themselves once space returns. db/__tests__/disk-full.test.ts holds the same in
 * process, with the logs and an upload; this holds it for the process an operator runs.
 */
const suite = faultSuite('Full disk suite', [noBuild(DIST_MAIN), notRoot('a loop-mounted filesystem')]);

suite('the production build on a full disk (SQLite)', () => {
  jest.setTimeout(120_000);
  let volume: Awaited<ReturnType<typeof mountSmallVolume>>;
  let server: Instance;

  beforeAll(async () => {
    volume = await mountSmallVolume();
    server = await startInstance('disk-full', { DATA_DIR: volume.mount });
  });
  afterAll(async () => {
    if (server) await stopInstance(server);
    await volume?.unmount();
  });

  it('answers 503 UNAVAILABLE and readiness false while the disk is full, and recovers when space returns', async () => {
    const staff = await signIn(server, 'staff@example.org');
    let mute = false;
    const write = () =>
      api(server, 'PUT', 'users/settings', {
        token: staff.token,
        body: { settings: JSON.stringify({ mute_notification: (mute = !mute) }), user_id: staff.user.id },
      });
    expect((await write()).status).toBe(200);
    expect((await api(server, 'GET', 'health/ready')).body?.checks.disk).toBe('ok');

    await volume.fill();
    // SQLite's WAL may still hold a few commits: write until the disk shows
    const statuses: number[] = [];
    let refused: Awaited<ReturnType<typeof write>> | null = null;
    for (let i = 0; i < 3000 && !refused; i++) {
      const answer = await write();
      statuses.push(answer.status);
      if (answer.status !== 200) refused = answer;
    }
    expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
    expect(refused).toEqual({ status: 503, body: { error: DISK_FULL_MESSAGE, code: 'DISK_FULL' } });

    const full = await api(server, 'GET', 'health/ready');
    expect(full.status).toBe(503);
    expect(full.body).toMatchObject({ error: 'Not ready: disk full', code: 'INTERNAL', checks: { database: 'ok', disk: 'full' } });
    expect((await api(server, 'GET', 'health')).status).toBe(200);
    // a signed-in read still answers: only writes need room
    expect((await api(server, 'GET', 'users/validate-token', { token: staff.token })).status).toBe(200);

    await volume.free();
    const back = await api(server, 'GET', 'health/ready');
    expect(back.status).toBe(200);
    expect(back.body?.checks.disk).toBe('ok');
    for (let i = 0; i < 20; i++) expect((await write()).status).toBe(200);
    expect(alive(server)).toBe(true);
    expect(server.output()).not.toMatch(/Something went wrong|uncaught|unhandled/i);
  });
});
