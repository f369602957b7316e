import Papa from 'papaparse';
import { saveBlob } from '../files/save-blob';

/** CSV text for a header and rows, quoting (and doubling quotes) where a value needs it. */
export function toCsv(fields: readonly string[], rows: readonly (readonly string[])[] = []): string {
  return Papa.unparse({ fields: [...fields], data: rows.map((row) => [...row]) }, { quoteChar: '"', escapeChar: '"', newline: '\r\n' });
}

/** Offers text as a file download, made in the browser from a Blob (no server round trip). */
export function downloadTextFile(fileName: string, text: string, type = 'text/csv;charset=utf-8'): void {
  saveBlob(new Blob([text], { type }), fileName);
}
