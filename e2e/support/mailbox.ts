// Reads what the server "sent": without SMTP every message is an RFC 822 file in DATA_DIR/mail.
import { readFileSync, readdirSync, existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';

export interface Mail {
  file: string;
  to: string;
  subject: string;
  body: string;
}

function splitHeaders(raw: string): { headers: Map<string, string>; body: string } {
  const at = raw.search(/\r?\n\r?\n/);
  const head = at === -1 ? raw : raw.slice(0, at);
  const body = at === -1 ? '' : raw.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  // folded header lines continue with whitespace
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

/** Quoted-printable (RFC 2045 §6.7): soft line breaks go, =XX are bytes of the charset. */
function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const joined = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < joined.length; i += 1) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeBody(headers: Map<string, string>, body: string): string {
  const contentType = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (/^multipart\//i.test(contentType) && boundary) {
    const parts = body
      .split(`--${boundary}`)
      .slice(1, -1)
      .map((part) => splitHeaders(part.replace(/^\r?\n/, '')));
    const text = parts.find((part) => /^text\/plain/i.test(part.headers.get('content-type') ?? 'text/plain')) ?? parts[0];
    return text ? decodeBody(text.headers, text.body) : '';
  }
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

function parseMail(file: string): Mail {
  const { headers, body } = splitHeaders(readFileSync(file, 'utf8'));
  return { file, to: headers.get('to') ?? '', subject: headers.get('subject') ?? '', body: decodeBody(headers, body) };
}

export class Mailbox {
  private readonly folder: string;

  constructor(dataDir: string) {
    this.folder = path.join(dataDir, 'mail');
  }

  /** Finished messages only: the server writes `.name.tmp` first and renames it when complete. */
  files(): string[] {
    if (!existsSync(this.folder)) return [];
    return readdirSync(this.folder)
      .filter((name) => name.endsWith('.eml') && !name.startsWith('.'))
      .map((name) => path.join(this.folder, name));
  }

  messagesTo(address: string): Mail[] {
    const wanted = address.toLowerCase();
    return this.files()
      .sort((a, b) => statSync(a).mtimeMs - statSync(b).mtimeMs || a.localeCompare(b))
      .map(parseMail)
      .filter((mail) => mail.to.toLowerCase().includes(wanted));
  }

  /** Waits for a message to `address` that was not there before (`seen`), and returns the newest. */
  async waitForNewMessage(address: string, seen: ReadonlySet<string>, timeout = 20_000): Promise<Mail> {
    let found: Mail | undefined;
    await expect
      .poll(
        () => {
          found = this.messagesTo(address)
            .filter((mail) => !seen.has(mail.file))
            .at(-1);
          return found?.file;
        },
        { message: `an e-mail to ${address} in ${this.folder}`, timeout },
      )
      .toBeTruthy();
    return found!;
  }
}

/** The link of a reset e-mail, e.g. http://host/reset-link?token=…&email=… */
export function resetLinkIn(mail: Mail): URL {
  const match = /https?:\/\/[^\s<>"]+\/reset-link\?[^\s<>"]+/.exec(mail.body);
  if (!match) throw new Error(`no reset link in ${mail.file}:\n${mail.body}`);
  return new URL(match[0]);
}
