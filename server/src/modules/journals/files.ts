import {
  SHEET_COLUMNS,
  fromMinorUnits,
  journalAccountLabel,
  quickbooksCsv,
  rateText,
  xeroFiles,
  type Journal,
  type JournalFormat,
} from '@imprest/domain';
import { XLSX_CONTENT_TYPE, dayCell, toXlsx } from '../../spreadsheet';
import { zip } from '../../spreadsheet/zip';
import type { Period } from './movements';

export interface JournalFile {
  filename: string;
  contentType: string;
  body: Buffer | string;
}

const CSV = 'text/csv; charset=utf-8';

/** The plain workbook: one row per line, the totals under them. */
function workbook(journal: Journal, name: string): Buffer {
  const rows = journal.entries.flatMap((e) =>
    e.lines.map((l) => [
      dayCell(e.date),
      e.narration,
      e.description,
      `${l.code ?? ''} ${journalAccountLabel(l.account)}`.trim(),
      l.debit ? fromMinorUnits(l.debit) : null,
      l.credit ? fromMinorUnits(l.credit) : null,
      journal.currency.toUpperCase(),
      rateText(e.rate),
    ]),
  );
  const totals = [['', '', 'Total', '', fromMinorUnits(journal.debit), fromMinorUnits(journal.credit), journal.currency.toUpperCase(), '']];
  return toXlsx(name, SHEET_COLUMNS, rows, undefined, { totals });
}

/** journal-tzs-2026-11-01-2026-11-30 plus the format's extension; Xero's several files zipped. */
export function journalFile(journal: Journal, format: JournalFormat, period: Period): JournalFile {
  const name = `journal-${journal.currency}-${period.from}-${period.to}`;
  if (format === 'quickbooks') return { filename: `${name}-quickbooks.csv`, contentType: CSV, body: quickbooksCsv(journal) };
  if (format === 'xlsx') return { filename: `${name}.xlsx`, contentType: XLSX_CONTENT_TYPE, body: workbook(journal, 'Journal') };
  const files = xeroFiles(journal, `${name}-xero`);
  if (files.length === 1) return { filename: files[0]!.name, contentType: CSV, body: files[0]!.data };
  return { filename: `${name}-xero.zip`, contentType: 'application/zip', body: zip(files) };
}
