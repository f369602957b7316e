import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { api, DIST_MAIN, type Instance, runMain, signIn, startInstance, stopInstance } from '../../scale/__tests__/instances';
import { faultSuite, noBuild } from '../../test-support/fault-suite';
import { freePort, startSmtpServer } from '../../test-support/smtp';

/**
 * Backup and restore as an operator runs them, on the production build: `backup` while the server
 * writes (users created one after another, each queuing an invitation), `restore` into a new
 * DATA_DIR, the server started on it. The restored database is whole and holds what the backup
 * recorded; mail that was waiting when the backup was taken, and that the live server delivered
 * afterwards, is not delivered a second time by the restored one.
 */

const person = (n: number) => ({
  fullname: `Backup Person ${n}`,
  department: 'finance',
  phone_number: `0713${String(n).padStart(6, '0')}`,
  email: `backup.person${n}@example.org`,
  role: 'staff',
  system_role: 'staff',
});
const recipients = (messages: string[]) => messages.map((m) => /^To: (.*)$/im.exec(m)?.[1]?.trim() ?? '?');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

faultSuite('Backup and restore suite', [noBuild(DIST_MAIN)])('backup and restore (SQLite)', () => {
  jest.setTimeout(120_000);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'imprest-backup-'));
  const backupDir = path.join(work, 'backup');
  const restoredDir = path.join(work, 'restored');
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let smtpUrl: string;
  /** Deliveries wait on this until the test lets them through: mail stays queued meanwhile. */
  let release: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const instances: Instance[] = [];

  beforeAll(async () => {
    const port = await freePort();
    smtp = await startSmtpServer(port, { accept: () => held });
    smtpUrl = `smtp://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    release();
    for (const instance of instances) await stopInstance(instance);
    await smtp.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('backs up during writes, restores the same rows with integrity, and sends no mail twice', async () => {
    const live = await startInstance('backup-live', { SMTP_URL: smtpUrl });
    instances.push(live);
    const { token } = await signIn(live, 'director@example.org');
    // an uploaded file, as the local store keeps it
    fs.mkdirSync(path.join(live.dataDir, 'files', 'uploads'), { recursive: true });
    fs.writeFileSync(path.join(live.dataDir, 'files', 'uploads', 'receipt.pdf'), '%PDF-1.4 receipt');

    let created = 0;
    let writing = true;
    const writes = (async () => {
      while (writing) {
        const answer = await api(live, 'POST', 'users', { token, body: [person(created + 1)] });
        expect(answer.status).toBe(201);
        created += 1;
      }
    })();
    while (created < 15) await sleep(20);
    const backup = await runMain(['backup', backupDir], { DATA_DIR: live.dataDir });
    const createdAtBackup = created;
    while (created < createdAtBackup + 10) await sleep(20);
    writing = false;
    await writes;
    expect(backup).toMatchObject({ code: 0 });
    expect(backup.output).toMatch(/^backup of \S+ written to .*: \d+ rows in \d+ tables, 1 files\n$/);

    // the live server delivers everything once SMTP accepts, then stops cleanly
    release();
    while (smtp.messages.length < created) await sleep(100);
    live.child.kill('SIGTERM');
    expect((await live.exited).code).toBe(0);
    const deliveredByLive = smtp.messages.length;
    expect(new Set(recipients(smtp.messages)).size).toBe(deliveredByLive);

    const manifest = JSON.parse(fs.readFileSync(path.join(backupDir, 'backup.json'), 'utf8')) as { counts: Record<string, number> };
    const invitedInBackup = manifest.counts.users! - 9; // the demo organisation's nine accounts
    expect(invitedInBackup).toBeGreaterThanOrEqual(15);
    expect(invitedInBackup).toBeLessThan(created);

    const restore = await runMain(['restore', backupDir], { DATA_DIR: restoredDir });
    expect(restore.code).toBe(0);
    const heldBack = Number(/(\d+) mails that were waiting/.exec(restore.output)?.[1]);
    expect(heldBack).toBeGreaterThan(0); // the backup caught mail that was still waiting…
    const db = new SQLite(path.join(restoredDir, 'imprest.sqlite'), { readonly: true });
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      for (const [table, count] of Object.entries(manifest.counts)) {
        expect({ table, count: db.prepare(`select count(*) from "${table}"`).pluck().get() }).toEqual({ table, count });
      }
      expect(db.prepare(`select count(*) from outbox where status = 'queued'`).pluck().get()).toBe(0);
      expect(
        db.prepare(`select count(*) from outbox where status = 'dead' and last_error like 'restored from the backup of %'`).pluck().get(),
      ).toBe(heldBack);
    } finally {
      db.close();
    }
    expect(fs.readFileSync(path.join(restoredDir, 'files', 'uploads', 'receipt.pdf'), 'utf8')).toBe('%PDF-1.4 receipt');

    // …which the live server delivered: the restored one starts, serves, and sends none of it again
    const restored = await startInstance('backup-restored', { SMTP_URL: smtpUrl, DATA_DIR: restoredDir });
    instances.push(restored);
    const director = await signIn(restored, 'director@example.org');
    const people = await api(restored, 'GET', 'users/department/all/user?per_page=100', { token: director.token });
    expect(people.status).toBe(200);
    await sleep(4_000); // two passes of the outbox worker
    expect(smtp.messages.length).toBe(deliveredByLive);

    // restoring over a database refuses, and says how
    const again = await runMain(['restore', backupDir], { DATA_DIR: restoredDir });
    expect(again.code).toBe(1);
    expect(again.output).toContain('stop every instance and restore with --replace');
  });

  it('refuses plainly where it cannot help', async () => {
    const pg = await runMain(['backup', path.join(work, 'pg')], { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' });
    expect(pg.code).toBe(1);
    expect(pg.output).toContain('with DATABASE_URL use pg_dump -Fc / pg_restore and copy the bucket');
    const notABackup = await runMain(['restore', work], { DATA_DIR: path.join(work, 'elsewhere') });
    expect(notABackup.code).toBe(1);
    expect(notABackup.output).toContain('not a finished backup');
    expect((await runMain(['backup'], { DATA_DIR: work })).output).toContain('usage: backup <new folder>');
  });
});
