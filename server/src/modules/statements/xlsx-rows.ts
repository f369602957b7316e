import { inflateRawSync } from 'node:zlib';
import type { CsvRow } from './csv';
import { StatementLineError } from './values';

/**
 * The first worksheet of an .xlsx statement as rows, each with its row number (what Excel shows,
 * so an error names the row finance sees). Only what a statement export holds is read: shared and
 * inline strings, numbers (a day is its serial number, which readDay understands) and booleans.
 * The package is a zip: its central directory is read, and each entry's inflated size is bounded,
 * so a crafted file cannot make the server inflate gigabytes.
 */
const ENTRY_MAX_BYTES = 50 * 1024 * 1024;

function zipEntries(zip: Buffer): Map<string, () => Buffer> {
  const entries = new Map<string, () => Buffer>();
  let end = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 65_557); i -= 1) {
    if (zip.readUInt32LE(i) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new StatementLineError(1, 'the file is not an .xlsx workbook');
  let at = zip.readUInt32LE(end + 16);
  for (let n = zip.readUInt16LE(end + 10); n > 0; n -= 1) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== 0x02014b50) throw new StatementLineError(1, 'the .xlsx workbook is damaged');
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const skip = nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    entries.set(name, () => {
      const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
      const data = zip.subarray(start, start + size);
      if (method === 0) return data;
      if (method !== 8) throw new StatementLineError(1, 'the .xlsx workbook is compressed in a way that cannot be read');
      return inflateRawSync(data, { maxOutputLength: ENTRY_MAX_BYTES });
    });
    at += 46 + skip;
  }
  return entries;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const unescape = (xml: string) =>
  xml.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (m, e: string) =>
    e[0] === '#' ? String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : Number(e.slice(1))) : (ENTITIES[e] ?? m),
  );
/** The text of every <t> inside a fragment (a rich-text string has several runs). */
const textOf = (xml: string) => [...xml.matchAll(/<t(?:\s[^>]*)?>([\s\S]*?)<\/t>/g)].map((m) => unescape(m[1]!)).join('');

function columnIndex(ref: string): number {
  let index = 0;
  for (const c of /^[A-Z]+/.exec(ref)?.[0] ?? '') index = index * 26 + (c.charCodeAt(0) - 64);
  return index - 1;
}

export function readXlsx(bytes: Buffer): CsvRow[] {
  const entries = zipEntries(bytes);
  const sheetName = [...entries.keys()]
    .filter((n) => /^xl\/worksheets\/sheet\d+\.xml$/.test(n))
    .sort((a, b) => a.length - b.length || a.localeCompare(b))[0];
  if (!sheetName) throw new StatementLineError(1, 'the .xlsx workbook has no worksheet');
  const shared = entries.has('xl/sharedStrings.xml')
    ? [
        ...entries.get('xl/sharedStrings.xml')!()
          .toString('utf8')
          .matchAll(/<si>([\s\S]*?)<\/si>/g),
      ].map((m) => textOf(m[1]!))
    : [];
  const rows: CsvRow[] = [];
  for (const row of entries.get(sheetName)!()
    .toString('utf8')
    .matchAll(/<row\b([^>]*?)(?:\/>|>([\s\S]*?)<\/row>)/g)) {
    const line = Number(/\br="(\d+)"/.exec(row[1]!)?.[1] ?? rows.length + 1);
    const cells: string[] = [];
    for (const cell of (row[2] ?? '').matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
      const attributes = cell[1]!;
      const index = columnIndex(/\br="([A-Z]+)\d*"/.exec(attributes)?.[1] ?? '');
      const type = /\bt="(\w+)"/.exec(attributes)?.[1] ?? 'n';
      const value = unescape(/<v>([\s\S]*?)<\/v>/.exec(cell[2] ?? '')?.[1] ?? '');
      const text =
        type === 's'
          ? (shared[Number(value)] ?? '')
          : type === 'inlineStr'
            ? textOf(cell[2] ?? '')
            : type === 'b'
              ? value === '1'
                ? 'true'
                : 'false'
              : value;
      cells[index < 0 ? cells.length : index] = text.trim();
    }
    const filled = Array.from(cells, (c) => c ?? '');
    if (filled.some((c) => c !== '')) rows.push({ line, cells: filled });
  }
  return rows;
}
