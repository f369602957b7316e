import { parseUserSettings } from '@imprest/domain';
import { createTestApp, DIALECTS, type TestApp } from '../../test-support/app';
import { reviewer, submitted, useDirectorChain } from '../../test-support/delegations';
import { parseMime, partOfType, readMailFolder, type StoredMail } from '../../test-support/mail';
import { freePort, startSmtpServer } from '../../test-support/smtp';
import { link, mailHtml, mailText } from '../compose';
import { mailPrepared } from '../off-response';

describe('a message written once as lines', () => {
  const lines = [
    'Hello Zuhura <Ñandú> & co,',
    '',
    'Your request was approved.',
    link('https://imprest.example.org/dashboard/view-request/7?a=1&b=2', 'Open the request in Imprest'),
    ['Review it: ', link('https://imprest.example.org/review-action?token=abc', 'Review request 1')],
    'Then sign in at https://imprest.example.org/.',
  ];

  it('gives the text part every word and every address, a link on a line of its own', () => {
    expect(mailText(lines).split('\n')).toEqual([
      'Hello Zuhura <Ñandú> & co,',
      '',
      'Your request was approved.',
      'https://imprest.example.org/dashboard/view-request/7?a=1&b=2',
      'Review it: https://imprest.example.org/review-action?token=abc',
      'Then sign in at https://imprest.example.org/.',
    ]);
  });

  it('gives the HTML part the same words as paragraphs and real links, in British English, with nothing fetched from elsewhere', () => {
    const html = mailHtml('Your request was approved: <1>', lines);
    expect(html).toMatch(/^<!DOCTYPE html>\n<html lang="en-GB"/);
    expect(html).toContain('<title>Your request was approved: &lt;1&gt;</title>');
    expect(html).toContain('<h1 style="font-size:20px;margin:0 0 16px">Your request was approved: &lt;1&gt;</h1>');
    expect(html).toContain('<p style="margin:0 0 16px">Hello Zuhura &lt;Ñandú&gt; &amp; co,</p>');
    expect(html).toContain('<a href="https://imprest.example.org/dashboard/view-request/7?a=1&amp;b=2">Open the request in Imprest</a>');
    expect(html).toContain('Review it: <a href="https://imprest.example.org/review-action?token=abc">Review request 1</a>');
    // An address in a sentence is linked without the full stop after it.
    expect(html).toContain('Then sign in at <a href="https://imprest.example.org/">https://imprest.example.org/</a>.');
    expect(html).not.toMatch(/<img|<link|src=|url\(|@import/i);
    // Every word of the text part is in the HTML part once the tags are stripped and entities undone.
    const words = (s: string) => s.split(/\s+/).filter((w) => w && !/^https?:/.test(w));
    const shown = html
      .replace(/<[^>]+>/g, ' ')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
    for (const word of words(mailText(lines))) expect(shown).toContain(word);
  });
});

const header = (mail: StoredMail, name: string) => mail.headers[name.toLowerCase()];

describe.each(DIALECTS)('the messages sent (%s)', (dialect) => {
  describe('as .eml files, APP_URL https://imprest.example.org and no MAIL_FROM', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(dialect, { env: { APP_URL: 'https://imprest.example.org' } });
      await useDirectorChain(t.app);
    });
    afterAll(() => t.close());

    it('a notification: text and HTML alternatives, automatic, one-click unsubscribe for its recipient, domain from APP_URL', async () => {
      const staff = await reviewer(t.app, 'staff@example.org');
      const request = await submitted(staff);
      expect((await t.app.outbox.runOnce()).sent).toBeGreaterThan(0);
      const mail = (await readMailFolder(t.dataDir)).find((m) => m.to === 'finance_officer@example.org')!;

      expect(header(mail, 'Content-Type')).toMatch(/^multipart\/alternative; boundary=/);
      expect(mail.mime.parts.map((p) => p.headers['content-type'])).toEqual(['text/plain; charset=utf-8', 'text/html; charset=utf-8']);
      expect(mail.body).toContain(`https://imprest.example.org/dashboard/view-request/${request.id}`);
      expect(mail.html).toContain(
        `<a href="https://imprest.example.org/dashboard/view-request/${request.id}">Open the request in Imprest</a>`,
      );
      expect(mail.html).toMatch(/<a href="https:\/\/imprest\.example\.org\/review-action\?token=[\w-]+">Review the request/);
      expect(mail.body).toContain('turn them off there:\nhttps://imprest.example.org/dashboard/settings');
      expect(mail.html).toContain('<a href="https://imprest.example.org/dashboard/settings">Turn notifications off in Settings</a>');

      expect(header(mail, 'From')).toBe('Imprest <no-reply@imprest.example.org>');
      expect(header(mail, 'Message-ID')).toMatch(/^<imprest\.\d+\.\d+@imprest\.example\.org>$/);
      expect(header(mail, 'Auto-Submitted')).toBe('auto-generated');
      const finance = await t.app.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'finance_officer@example.org')
        .executeTakeFirstOrThrow();
      expect(header(mail, 'List-Unsubscribe')).toMatch(
        new RegExp(`^<https://imprest\\.example\\.org/api/v1/unsubscribe/${finance.id}\\.[A-Za-z0-9_-]{43}>$`),
      );
      expect(header(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
      expect(mail.raw).not.toContain('imprest.local');
    });

    it('account mail (a reset link): automatic too, but nothing to unsubscribe from', async () => {
      await t.app.inject({ method: 'POST', url: '/api/v1/forgot-password', payload: { email: 'staff@example.org' } });
      await mailPrepared();
      await t.app.outbox.runOnce();
      const mail = (await readMailFolder(t.dataDir)).find((m) => m.subject === 'Reset your Imprest password')!;
      expect(header(mail, 'Auto-Submitted')).toBe('auto-generated');
      expect(header(mail, 'List-Unsubscribe')).toBeUndefined();
      expect(header(mail, 'List-Unsubscribe-Post')).toBeUndefined();
      expect(mail.html).toMatch(/<a href="https:\/\/imprest\.example\.org\/reset-link\?token=[^"]+">Choose a new password<\/a>/);
    });

    it("the unsubscribe link: a GET changes nothing, a POST without a session mutes only that user's notifications", async () => {
      const mails = await readMailFolder(t.dataDir);
      const url = new URL(
        /^<(.*)>$/.exec(
          header(
            mails.find((m) => m.to === 'finance_officer@example.org')!,
            'List-Unsubscribe',
          )!,
        )![1],
      );
      const muted = async (email: string) =>
        parseUserSettings(
          (await t.app.db.selectFrom('users').select('settings').where('email', '=', email).executeTakeFirstOrThrow()).settings,
        ).mute_notification;

      const page = await t.app.inject({ method: 'GET', url: url.pathname });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.body).toContain('<html lang="en-GB">');
      expect(page.body).toContain('Stop e-mail notifications for Grace Lyimo?');
      expect(page.body).toContain('<button type="submit"');
      expect(await muted('finance_officer@example.org')).toBe(false);

      // Forged: another user's id with this signature, or a changed signature.
      const [id, signature] = url.pathname.split('/').at(-1)!.split('.');
      const other = `${Number(id) + 1}.${signature}`;
      const forged = await t.app.inject({
        method: 'POST',
        url: `/api/v1/unsubscribe/${other}`,
        payload: 'List-Unsubscribe=One-Click',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect([forged.statusCode, forged.json().code]).toEqual([404, 'NOT_FOUND']);
      const bent = `${id}.${signature!.slice(0, -2)}${signature!.endsWith('AA') ? 'AB' : 'AA'}`;
      expect((await t.app.inject({ method: 'GET', url: `/api/v1/unsubscribe/${bent}` })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/unsubscribe/not-a-token' })).statusCode).toBe(400);

      // What a mail provider sends (RFC 8058): a form body, no cookie, no token header.
      const done = await t.app.inject({
        method: 'POST',
        url: url.pathname,
        payload: 'List-Unsubscribe=One-Click',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(done.statusCode).toBe(200);
      expect(done.body).toContain('Done: e-mail notifications are off for Grace Lyimo.');
      expect(await muted('finance_officer@example.org')).toBe(true);
      expect(await muted('executive_secretary@example.org')).toBe(false);
      const audit = await t.app.db
        .selectFrom('audit_log')
        .selectAll()
        .where('entity', '=', 'user')
        .where('action', '=', 'settings_update')
        .where('entity_id', '=', id!)
        .executeTakeFirstOrThrow();
      expect(JSON.parse(audit.after_json!)).toEqual({ settings: JSON.stringify({ mute_notification: true }) });

      // Again, as multipart: still muted, nothing more written.
      const boundary = 'xYzZY';
      const multipart = `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`;
      const again = await t.app.inject({
        method: 'POST',
        url: url.pathname,
        payload: multipart,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
      expect(again.statusCode).toBe(200);
      const audits = await t.app.db
        .selectFrom('audit_log')
        .select('id')
        .where('action', '=', 'settings_update')
        .where('entity_id', '=', id!)
        .execute();
      expect(audits).toHaveLength(1);
      const wrong = await t.app.inject({
        method: 'POST',
        url: url.pathname,
        payload: 'List-Unsubscribe=Yes',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect([wrong.statusCode, wrong.json().code]).toEqual([400, 'BAD_REQUEST']);
    });
  });

  describe('over SMTP, with MAIL_FROM', () => {
    it('takes From and the Message-ID domain from MAIL_FROM; the Message-ID is made from the outbox row, so a retry repeats it', async () => {
      const port = await freePort();
      const t = await createTestApp(dialect, {
        env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Finance Office <finance@mail.example.com>' },
        mail: { backoffBaseMs: 1000, maxBackoffMs: 1000 },
      });
      const smtp = await startSmtpServer(port);
      try {
        await t.app.inject({ method: 'POST', url: '/api/v1/forgot-password', payload: { email: 'staff@example.org' } });
        await mailPrepared();
        expect((await t.app.outbox.runOnce()).sent).toBe(1);
        const message = parseMime(smtp.messages[0]!);
        expect(message.headers.from).toBe('Finance Office <finance@mail.example.com>');
        const row = await t.app.db.selectFrom('outbox').select(['id', 'created_at']).executeTakeFirstOrThrow();
        expect(message.headers['message-id']).toBe(`<imprest.${row.id}.${Date.parse(row.created_at)}@mail.example.com>`);
        expect(message.headers['auto-submitted']).toBe('auto-generated');
        expect(partOfType(message, 'text/plain')!.body).toContain('http://imprest.test/reset-link?token=');
        expect(partOfType(message, 'text/html')!.body).toContain('>Choose a new password</a>');
      } finally {
        await smtp.close();
        await t.close();
      }
    });
  });
});
