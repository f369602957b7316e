import fs from 'node:fs/promises';
import path from 'node:path';

/** Undoes quoted-printable: soft line breaks and =XX escapes (long lines such as links are wrapped). */
export function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  return Buffer.from(
    joined.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
}

export interface MimePart {
  /** Header names in lower case, folded lines unfolded. */
  headers: Record<string, string>;
  /** The decoded content (quoted-printable or base64 undone). */
  body: string;
  /** A multipart's parts, in order. */
  parts: MimePart[];
}

/** Splits a message or part into headers and content, and multiparts into parts, recursively. */
export function parseMime(raw: string): MimePart {
  const text = raw.replace(/\r\n/g, '\n');
  const split = text.indexOf('\n\n');
  const head = split < 0 ? text : text.slice(0, split);
  const content = split < 0 ? '' : text.slice(split + 2);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const chunks = content.split(`--${boundary}`).slice(1);
    const parts = chunks.filter((c) => !c.startsWith('--')).map((c) => parseMime(c.replace(/^\n/, '').replace(/\n$/, '')));
    return { headers, body: '', parts };
  }
  const encoding = headers['content-transfer-encoding']?.toLowerCase();
  const body =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintable(content)
      : encoding === 'base64'
        ? Buffer.from(content, 'base64').toString('utf8')
        : content;
  return { headers, body, parts: [] };
}

/** The first part of a MIME type, depth first. */
export function partOfType(part: MimePart, type: string): MimePart | undefined {
  if (part.headers['content-type']?.toLowerCase().startsWith(type)) return part;
  for (const child of part.parts) {
    const found = partOfType(child, type);
    if (found) return found;
  }
  return part.parts.length === 0 && !part.headers['content-type'] && type === 'text/plain' ? part : undefined;
}

export interface StoredMail {
  file: string;
  raw: string;
  to: string | undefined;
  subject: string | undefined;
  /** The text/plain part. */
  body: string;
  /** The text/html part, if any. */
  html: string | undefined;
  /** The message's headers, names in lower case. */
  headers: Record<string, string>;
  mime: MimePart;
}

export async function readMailFolder(dataDir: string): Promise<StoredMail[]> {
  const folder = path.join(dataDir, 'mail');
  const files = (await fs.readdir(folder).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
  return Promise.all(
    files.map(async (file) => {
      const raw = await fs.readFile(path.join(folder, file), 'utf8');
      const mime = parseMime(raw);
      return {
        file,
        raw,
        to: mime.headers.to,
        subject: mime.headers.subject,
        body: partOfType(mime, 'text/plain')?.body.replace(/\r\n/g, '\n') ?? '',
        html: partOfType(mime, 'text/html')?.body,
        headers: mime.headers,
        mime,
      };
    }),
  );
}

export function resetLinkIn(body: string): URL {
  const match = /https?:\/\/\S+\/reset-link\?\S+/.exec(body);
  if (!match) throw new Error(`no reset link in: ${body}`);
  return new URL(match[0]);
}
