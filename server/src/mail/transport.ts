import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { OutboxRow } from '../db/schema';

export interface MailTransport {
  /** Resolves once the message is handed over; rejects with the reason otherwise. */
  deliver(message: OutboxRow): Promise<void>;
  close(): void;
}

export interface TransportOptions {
  smtpUrl: string | null;
  mailFrom: string;
  dataDir: string;
}

function toMessage(row: OutboxRow, from: string) {
  return {
    from,
    to: row.to_address,
    subject: row.subject,
    text: row.text_body,
    date: new Date(row.created_at),
    headers: { 'X-Imprest-Outbox-Id': String(row.id) },
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
        await smtp.sendMail(toMessage(row, options.mailFrom));
      },
      close: () => smtp.close(),
    };
  }

  const folder = path.join(options.dataDir, 'mail');
  const stream = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    async deliver(row) {
      const info = await stream.sendMail(toMessage(row, options.mailFrom));
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
