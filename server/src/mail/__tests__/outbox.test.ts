import fs from 'node:fs/promises';
import path from 'node:path';
import { createTestApp, DIALECTS, type TestApp } from '../../test-support/app';
import { decodeQuotedPrintable, readMailFolder } from '../../test-support/mail';
import { freePort, startSmtpServer } from '../../test-support/smtp';
import { mailPrepared } from '../off-response';
import { claimDueMail, countUnsentMail } from '../outbox-repository';
import { backoffMs } from '../worker';

const idle = { sent: 0, failed: 0, expired: 0, dead: 0 };

describe('backoffMs', () => {
  it('doubles from the base and stops at the cap, at the top when the jitter is highest', () => {
    const top = () => 1 - 1e-12;
    expect([1, 2, 3, 4].map((n) => backoffMs(n, 30_000, 3_600_000, top))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(backoffMs(30, 30_000, 3_600_000, top)).toBe(3_600_000);
  });

  it('spreads retries over the upper half of each delay, so messages failing together do not retry together', () => {
    const delays = Array.from({ length: 200 }, () => backoffMs(3, 30_000, 3_600_000));
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(60_000);
    expect(Math.max(...delays)).toBeLessThanOrEqual(120_000);
    expect(new Set(delays).size).toBeGreaterThan(150);
    expect(backoffMs(3, 30_000, 3_600_000, () => 0)).toBe(60_000);
  });
});

describe.each(DIALECTS)('mail outbox (%s)', (dialect) => {
  describe('over SMTP', () => {
    let t: TestApp;
    let port: number;
    beforeAll(async () => {
      port = await freePort();
      t = await createTestApp(dialect, {
        env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Imprest <imprest@example.org>' },
        mail: { backoffBaseMs: 1000, maxBackoffMs: 4000 },
      });
    });
    afterAll(() => t.close());

    const row = () => t.app.db.selectFrom('outbox').selectAll().executeTakeFirstOrThrow();
    /** A delivery round that fails, and the clock just before and after it. */
    const failingRound = async () => {
      const before = t.clock().getTime();
      expect(await t.app.outbox.runOnce()).toEqual({ ...idle, failed: 1 });
      return { before, after: t.clock().getTime() };
    };
    /**
     * The retry's delay counts from the failure, which came between the round's two readings of the
     * clock (measured from a later reading, a loaded machine made a 500 ms delay look 493 ms).
     */
    const expectRetryIn = (nextAttemptAt: string, round: { before: number; after: number }, minMs: number, maxMs: number) => {
      expect(Date.parse(nextAttemptAt) - round.before).toBeGreaterThanOrEqual(minMs - 1);
      expect(Date.parse(nextAttemptAt) - round.after).toBeLessThanOrEqual(maxMs);
    };

    it('keeps a message through failed deliveries, backing off, and delivers it when SMTP returns', async () => {
      await t.app.inject({ method: 'POST', url: '/api/v1/forgot-password', payload: { email: 'director@example.org' } });
      await mailPrepared();
      expect(await countUnsentMail(t.app.db)).toBe(1);

      let round = await failingRound();
      let failed = await row();
      expect(failed).toMatchObject({ attempts: 1, sent_at: null });
      expect(failed.last_error).toMatch(/ECONNREFUSED/);
      expectRetryIn(failed.next_attempt_at, round, 500, 1000);

      // Not due yet: nothing is tried.
      expect(await t.app.outbox.runOnce()).toEqual(idle);

      t.clock.advance(1001);
      round = await failingRound();
      failed = await row();
      expect(failed.attempts).toBe(2);
      expectRetryIn(failed.next_attempt_at, round, 1000, 2000);

      const smtp = await startSmtpServer(port);
      try {
        t.clock.advance(2001);
        expect(await t.app.outbox.runOnce()).toEqual({ ...idle, sent: 1 });
        const sent = await row();
        expect(sent.sent_at).not.toBeNull();
        expect(sent.attempts).toBe(3);
        expect(smtp.messages).toHaveLength(1);
        const message = decodeQuotedPrintable(smtp.messages[0]);
        expect(message).toMatch(/^To: director@example.org$/m);
        expect(message).toMatch(/^From: Imprest <imprest@example.org>$/m);
        expect(message).toContain('http://imprest.test/reset-link?token=');
        // Sent once: later passes leave it alone.
        t.clock.advance(60 * 60 * 1000);
        expect(await t.app.outbox.runOnce()).toEqual(idle);
        expect(smtp.messages).toHaveLength(1);
      } finally {
        await smtp.close();
      }
      await expect(fs.readdir(path.join(t.dataDir, 'mail'))).rejects.toThrow();
    });
  });

  describe('as .eml files', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(dialect, { mail: { leaseMs: 60_000 } });
    });
    afterAll(() => t.close());

    it('delivers a message claimed by a worker that died, once its lease runs out', async () => {
      await t.app.inject({ method: 'POST', url: '/api/v1/forgot-password', payload: { email: 'staff@example.org' } });
      await mailPrepared();
      const now = t.clock();
      // A worker claims it and never comes back.
      const claimed = await claimDueMail(t.app.db, t.dialect, now.toISOString(), new Date(now.getTime() + 60_000).toISOString(), 10);
      expect(claimed).toHaveLength(1);
      expect(await t.app.outbox.runOnce()).toEqual(idle);

      t.clock.advance(60_001);
      expect(await t.app.outbox.runOnce()).toEqual({ ...idle, sent: 1 });
      const mails = await readMailFolder(t.dataDir);
      expect(mails.map((m) => m.to)).toEqual(['staff@example.org']);
      expect(mails[0].raw).toMatch(/^MIME-Version: 1.0\r$/m);
      expect(await countUnsentMail(t.app.db)).toBe(0);
    });

    it('delivers promptly once started, without waiting for a test to ask', async () => {
      t.app.outbox.start();
      await t.app.inject({ method: 'POST', url: '/api/v1/forgot-password', payload: { email: 'admin@example.org' } });
      await mailPrepared();
      for (let i = 0; i < 50 && (await countUnsentMail(t.app.db)) > 0; i += 1) await new Promise((r) => setTimeout(r, 20));
      expect((await readMailFolder(t.dataDir)).map((m) => m.to)).toContain('admin@example.org');
    });
  });
});
