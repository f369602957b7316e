import Papa, { type ParseError, type ParseResult } from 'papaparse';
import { decodeText, type TextEncodingName } from '@imprest/domain';

/** The columns wanted, each with the header names it may go by (compared by normalizeHeader). */
export type CsvColumns<Key extends string> = Readonly<Record<Key, readonly string[]>>;

export interface CsvTable<Key extends string> {
  /** One record per data row, every wanted column present (blank when the file lacks it). */
  rows: Record<Key, string>[];
  /** Wanted columns no header named. */
  missingColumns: Key[];
  /** What the parser could not read cleanly, e.g. an unclosed quote, one sentence each. */
  problems: string[];
}

/** A table read from a file, with the encoding its bytes were read in (decodeText). */
export interface CsvFileTable<Key extends string> extends CsvTable<Key> {
  encoding: TextEncodingName;
}

/** docs/product-rules.md §Validation: empty lines are skipped; the double quote is both the quote and its escape. */
const PARSE_CONFIG = { header: true, skipEmptyLines: true, quoteChar: '"', escapeChar: '"' } as const;

/** Header names match regardless of case, spaces, underscores, hyphens and a byte-order mark. */
export function normalizeHeader(header: string): string {
  return header
    .replace(/^\uFEFF/, '')
    .toLowerCase()
    .replace(/[\s_-]+/g, '');
}

function headerMapper<Key extends string>(columns: CsvColumns<Key>): (header: string) => string {
  const lookup = new Map<string, Key>();
  for (const key of Object.keys(columns) as Key[]) {
    for (const alias of [key, ...columns[key]]) lookup.set(normalizeHeader(alias), key);
  }
  return (header) => lookup.get(normalizeHeader(header)) ?? header;
}

// papaparse counts quote errors in lines of the file (header and empty lines included) and
// field-count errors in data rows; the messages say which
function problemOf(error: ParseError): string | null {
  const index = error.row ?? 0;
  if (error.type === 'Quotes') return `Line ${index + 1}: a quoted value is not closed`;
  if (error.code === 'TooManyFields')
    return `Row ${index + 1} has more values than there are columns; put values that contain commas in double quotes`;
  return null;
}

function toTable<Key extends string>(result: ParseResult<Record<string, unknown>>, columns: CsvColumns<Key>): CsvTable<Key> {
  const keys = Object.keys(columns) as Key[];
  const fields = result.meta.fields ?? [];
  const rows = result.data
    .map(
      (record) =>
        Object.fromEntries(keys.map((key) => [key, typeof record[key] === 'string' ? record[key].trim() : ''])) as Record<Key, string>,
    )
    // a line of bare separators (",,,", as spreadsheets export) is as empty as an empty line
    .filter((row) => keys.some((key) => row[key] !== ''));
  const problems = result.errors.map(problemOf).filter((p): p is string => p !== null);
  return { rows, missingColumns: keys.filter((key) => !fields.includes(key)), problems };
}

/** Parses CSV text whose first row names the columns. */
export function parseCsvText<Key extends string>(text: string, columns: CsvColumns<Key>): CsvTable<Key> {
  const result = Papa.parse<Record<string, unknown>>(text, { ...PARSE_CONFIG, transformHeader: headerMapper(columns) });
  return toTable(result, columns);
}

/** A file's bytes: FileReader, which every browser (and jsdom) has, where Blob.arrayBuffer is newer. */
function readBytes(file: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsArrayBuffer(file);
  });
}

/**
 * Reads and parses a CSV file in the browser. The file is read whole, not in the specification's
 * 10 MB chunks: whether its bytes are UTF-8 or Windows-1252 (Excel's "CSV (Comma delimited)")
 * shows only in all of them (docs/product-rules.md §CSV uploads).
 */
export async function parseCsvFile<Key extends string>(file: File, columns: CsvColumns<Key>): Promise<CsvFileTable<Key>> {
  const { text, encoding } = decodeText(await readBytes(file));
  return { ...parseCsvText(text, columns), encoding };
}
