import { invitationMail } from '../../modules/auth/reset-mail';
import { createTestApp, DIALECTS, type TestApp } from '../../test-support/app';
import { decodeQuotedPrintable, readMailFolder } from '../../test-support/mail';
import { freePort, startSmtpServer } from '../../test-support/smtp';
import { mailPrepared } from '../off-response';
import { countUnsentMail, enqueueMail } from '../outbox-repository';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const idle = { sent: 0, failed: 0, expired: 0, dead: 0 };
/** The worker's default (worker.ts DEFAULT_MAX_ATTEMPTS). */
const MAX_ATTEMPTS = 10;

describe.each(DIALECTS)('outbox order and lifecycle (%s)', (dialect) => {
  let t: TestApp;
  afterEach(() => t.close());

  const forgot = async (email: string) => {
    await t.app.inject({ method: 'POST', url: '/api/v1/forgot-password', payload: { email } });
    await mailPrepared();
  };
  const statuses = async () =>
    (await t.app.db.selectFrom('outbox').select(['to_address', 'status']).orderBy('id').execute()).map(
      (r) => `${r.to_address} ${r.status}`,
    );
  /** Queues `count` notifications, as a busy review day would (one transaction, like a request's mails). */
  async function notificationBacklog(count: number) {
    const at = t.clock().toISOString();
    await t.app.db.transaction().execute(async (trx) => {
      for (let i = 0; i < count; i += 1) {
        await enqueueMail(
          trx,
          { organizationId: null, to: `reviewer${i}@example.org`, subject: `Request to review ${i}`, lines: ['Please review.'] },
          at,
        );
      }
    });
  }

  it('sends a reset link before thousands of notifications queued ahead of it', async () => {
    const port = await freePort();
    t = await createTestApp(dialect, { env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
    await notificationBacklog(3000);
    t.clock.advance(1000);
    await forgot('director@example.org');
    const smtp = await startSmtpServer(port);
    try {
      const pass = await t.app.outbox.runOnce();
      const first = decodeQuotedPrintable(smtp.messages[0]);
      expect(first).toMatch(/^To: director@example.org$/m);
      expect(first).toMatch(/^Subject: Reset your Imprest password$/m);
      expect(smtp.messages.slice(1).every((m) => /^Subject: Request to review \d+$/m.test(m))).toBe(true);
      expect(pass).toEqual({ ...idle, sent: 20 });
    } finally {
      await smtp.close();
    }
    expect(await countUnsentMail(t.app.db)).toBe(3000 - 19);
  }, 60_000);

  it('does not send a link that expired while it waited, and says so in its status', async () => {
    t = await createTestApp(dialect);
    await forgot('staff@example.org');
    const row = await t.app.db.selectFrom('outbox').select(['created_at', 'expires_at', 'priority']).executeTakeFirstOrThrow();
    expect(Date.parse(row.expires_at!) - Date.parse(row.created_at)).toBe(HOUR);
    expect(row.priority).toBe(0);

    t.clock.advance(HOUR + 1);
    expect(await t.app.outbox.runOnce()).toEqual({ ...idle, expired: 1 });
    expect(await statuses()).toEqual(['staff@example.org expired']);
    expect(await readMailFolder(t.dataDir)).toEqual([]);
    expect(await countUnsentMail(t.app.db)).toBe(0);
  });

  it('marks invitations as account mail that expires with its 7-day link; notifications never expire', async () => {
    t = await createTestApp(dialect);
    const at = t.clock().toISOString();
    const args = {
      appUrl: 'http://x',
      organizationId: 1,
      organizationName: 'O',
      invitedBy: 'A',
      fullname: 'B',
      email: 'b@example.org',
      token: 't',
    };
    await enqueueMail(t.app.db, invitationMail(args), at);
    await notificationBacklog(1);
    const rows = await t.app.db.selectFrom('outbox').select(['priority', 'expires_at']).orderBy('id').execute();
    expect(rows).toEqual([
      { priority: 0, expires_at: new Date(Date.parse(at) + 7 * DAY).toISOString() },
      { priority: 1, expires_at: null },
    ]);
  });

  it(`stops after ${MAX_ATTEMPTS} failed attempts in status dead and never tries again`, async () => {
    const port = await freePort();
    t = await createTestApp(dialect, { env: { SMTP_URL: `smtp://127.0.0.1:${port}` }, mail: { backoffBaseMs: 1000, maxBackoffMs: 1000 } });
    const at = t.clock().toISOString();
    await enqueueMail(t.app.db, { organizationId: null, to: 'gone@example.org', subject: 'Hello', lines: ['Hi'] }, at);
    for (let i = 1; i < MAX_ATTEMPTS; i += 1) {
      expect(await t.app.outbox.runOnce()).toMatchObject({ sent: 0, failed: 1 });
      t.clock.advance(1001);
    }
    expect(await t.app.outbox.runOnce()).toEqual({ ...idle, dead: 1 });
    const dead = await t.app.db.selectFrom('outbox').selectAll().executeTakeFirstOrThrow();
    expect(dead).toMatchObject({ status: 'dead', attempts: MAX_ATTEMPTS, sent_at: null });
    expect(dead.last_error).toMatch(/ECONNREFUSED/);

    const smtp = await startSmtpServer(port);
    try {
      t.clock.advance(DAY);
      expect(await t.app.outbox.runOnce()).toEqual(idle);
      expect(smtp.messages).toEqual([]);
    } finally {
      await smtp.close();
    }
    expect(await countUnsentMail(t.app.db)).toBe(0);
  });

  it('deletes sent and expired mail after 30 days, keeping dead, waiting and newer mail', async () => {
    t = await createTestApp(dialect);
    await forgot('staff@example.org');
    await notificationBacklog(2);
    expect(await t.app.outbox.runOnce()).toEqual({ ...idle, sent: 3 });
    await forgot('admin@example.org');
    t.clock.advance(2 * HOUR);
    expect(await t.app.outbox.runOnce()).toEqual({ ...idle, expired: 1 });
    const old = t.clock().toISOString();
    await t.app.db
      .insertInto('outbox')
      .values({
        organization_id: null,
        to_address: 'dead@example.org',
        subject: 's',
        text_body: 't',
        created_at: old,
        next_attempt_at: old,
        status: 'dead',
      })
      .execute();
    await enqueueMail(
      t.app.db,
      { organizationId: null, to: 'later@example.org', subject: 's', lines: ['t'] },
      new Date(Date.parse(old) + 31 * DAY).toISOString(),
    );

    t.clock.advance(29 * DAY);
    expect(await t.app.outbox.runOnce()).toEqual(idle);
    expect(await statuses()).toHaveLength(6);

    t.clock.advance(DAY + 1000);
    await forgot('director@example.org');
    expect(await t.app.outbox.runOnce()).toEqual({ ...idle, sent: 1 });
    expect(await statuses()).toEqual(['dead@example.org dead', 'later@example.org queued', 'director@example.org sent']);
  });
});
