import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../config';
import type { OutboxRow } from '../db/schema';
import { MAIL_PRIORITY } from './outbox-repository';
import { unsubscribeUrl, type UnsubscribeSigner } from './unsubscribe';

export interface MailTransport {
  /** Resolves once the message is handed over; rejects with the reason otherwise. */
  deliver(message: OutboxRow): Promise<void>;
  close(): void;
}

export interface TransportOptions {
  smtpUrl: string | null;
  mailFrom: string;
  dataDir: string;
  /** APP_URL: the one-click unsubscribe address is the app's own. */
  appUrl: string;
  unsubscribe: UnsubscribeSigner;
}

/** The domain of the sender's address ("Imprest <no-reply@example.org>" → example.org). */
function senderDomain(from: string): string {
  const address = /<([^>]+)>\s*$/.exec(from)?.[1] ?? from;
  return address.slice(address.lastIndexOf('@') + 1).trim() || 'localhost';
}

/**
 * The headers every message carries, and a notification's unsubscribe pair (the Message-ID,
 * set in toMessage, is made from the outbox row at the sender's domain: the same on every retry,
 * so a message an SMTP server took before the connection broke is recognised when it comes again):
 * - Auto-Submitted: auto-generated (RFC 3834): a person did not write it, so out-of-office
 *   replies and other automatic answers are not sent back to the no-reply address (and
 *   X-Auto-Response-Suppress, which is how Exchange and Outlook are told the same);
 * - on notifications only (not account mail: nobody unsubscribes from a password link or a lock
 *   notice), List-Unsubscribe with the signed one-click address and List-Unsubscribe-Post
 *   (RFC 8058), so the reader's mail program can turn notifications off without a sign-in.
 */
function mailHeaders(row: OutboxRow, options: Pick<TransportOptions, 'mailFrom' | 'appUrl' | 'unsubscribe'>) {
  const headers: Record<string, string> = {
    'Auto-Submitted': 'auto-generated',
    'X-Auto-Response-Suppress': 'All',
    'X-Imprest-Outbox-Id': String(row.id),
  };
  if (row.priority === MAIL_PRIORITY.notification && row.recipient_id !== null) {
    headers['List-Unsubscribe'] = `<${unsubscribeUrl(options.appUrl, options.unsubscribe.tokenFor(row.recipient_id))}>`;
    headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
  }
  return headers;
}

function toMessage(row: OutboxRow, options: TransportOptions) {
  return {
    from: options.mailFrom,
    to: row.to_address,
    subject: row.subject,
    text: row.text_body,
    ...(row.html_body !== null && { html: row.html_body }),
    date: new Date(row.created_at),
    messageId: `<imprest.${row.id}.${Date.parse(row.created_at)}@${senderDomain(options.mailFrom)}>`,
    headers: mailHeaders(row, options),
  };
}

/** SMTP when SMTP_URL is set; otherwise each message becomes an RFC 822 file in DATA_DIR/mail. */
export function createMailTransport(options: TransportOptions): MailTransport {
  if (options.smtpUrl) {
    const smtp = nodemailer.createTransport({
      url: options.smtpUrl,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    } as nodemailer.TransportOptions);
    return {
      async deliver(row) {
        await smtp.sendMail(toMessage(row, options));
      },
      close: () => smtp.close(),
    };
  }

  const folder = path.join(options.dataDir, 'mail');
  const stream = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    async deliver(row) {
      const info = await stream.sendMail(toMessage(row, options));
      await fs.mkdir(folder, { recursive: true });
      // Colons are not allowed in Windows file names; the time stays sortable without them.
      const name = `${new Date().toISOString().replace(/:/g, '-')}-${row.id}.eml`;
      const temporary = path.join(folder, `.${name}.tmp`);
      // Written aside and renamed, so a reader never sees half a message.
      await fs.writeFile(temporary, info.message as Buffer);
      await fs.rename(temporary, path.join(folder, name));
    },
    close: () => stream.close(),
  };
}

/**
 * Said at start when mail would be scattered: with REDIS_URL (several instances) and no SMTP_URL,
 * each instance writes the mail it happens to send into its own DATA_DIR/mail, so no one folder
 * holds it all. The server still starts — nothing is lost, and a trial or a site without a mail
 * server runs so on purpose — but the operator is told where the files go. A shared DATA_DIR
 * (FILES_SHARED=true) is one folder, so nothing is said then.
 */
export function scatteredMailWarning(config: Pick<Config, 'smtpUrl' | 'redisUrl' | 'filesShared' | 'dataDir'>): string | null {
  if (config.smtpUrl || !config.redisUrl || config.filesShared) return null;
  return (
    `no SMTP_URL with several instances (REDIS_URL): mail is not delivered; this instance writes what it sends as .eml files ` +
    `into its own ${path.join(config.dataDir, 'mail')}, the others into theirs. Set SMTP_URL to deliver mail (deploy/README.md "Mail")`
  );
}
