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

export interface StoredMail {
  file: string;
  raw: string;
  to: string | undefined;
  subject: string | undefined;
  body: string;
}

export async function readMailFolder(dataDir: string): Promise<StoredMail[]> {
  const folder = path.join(dataDir, 'mail');
  const files = (await fs.readdir(folder).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
  return Promise.all(
    files.map(async (file) => {
      const raw = await fs.readFile(path.join(folder, file), 'utf8');
      const split = raw.indexOf('\r\n\r\n');
      const headers = raw.slice(0, split);
      const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'mi').exec(headers)?.[1]?.trim();
      const body =
        header('Content-Transfer-Encoding') === 'quoted-printable' ? decodeQuotedPrintable(raw.slice(split + 4)) : raw.slice(split + 4);
      return { file, raw, to: header('To'), subject: header('Subject'), body };
    }),
  );
}

export function resetLinkIn(body: string): URL {
  const match = /https?:\/\/\S+\/reset-link\?\S+/.exec(body);
  if (!match) throw new Error(`no reset link in: ${body}`);
  return new URL(match[0]);
}
