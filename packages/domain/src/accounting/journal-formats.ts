/**
 * The journal as the ledgers import it (docs/product-rules.md §Journals). Xero's manual journal
 * import (help.xero.com "ManualJournalsImport"): Narration, Date (dd/mm/yyyy), Description,
 * AccountCode, TaxRate (the rate's full name, mandatory), Amount (positive a debit, negative a
 * credit), TrackingName1/TrackingOption1; lines with the same Narration and Date make one journal;
 * at most 300 lines a file. QuickBooks Online's journal entry import (Intuit's "Import journal
 * entries"): Journal No., Journal Date, Account Name, Description, Debits, Credits, rows with the
 * same number one entry. Both take the organisation's day as dd/mm/yyyy, as a Tanzanian company's
 * region setting writes it.
 */
import { formatCalendarDate } from '../dates/dates';
import type { Journal, JournalEntry } from './journal';
import { fromMinorUnits } from '../money/money';

export const JOURNAL_FORMATS = ['xero', 'quickbooks', 'xlsx'] as const;
export type JournalFormat = (typeof JOURNAL_FORMATS)[number];

const XERO_LINES_MAX = 300;
/** Advances and their settlements carry no VAT; Xero's default rate for such lines. */
const XERO_TAX_RATE = 'Tax Exempt';
export const XERO_COLUMNS = [
  'Narration',
  'Date',
  'Description',
  'AccountCode',
  'TaxRate',
  'Amount',
  'TrackingName1',
  'TrackingOption1',
] as const;
export const QUICKBOOKS_COLUMNS = ['Journal No.', 'Journal Date', 'Account Name', 'Description', 'Debits', 'Credits'] as const;
export const SHEET_COLUMNS = ['Date', 'Entry', 'Description', 'Account', 'Debit', 'Credit', 'Currency', 'Rate (TZS)'] as const;

/** Fixed two decimals, no separators: what both importers read. */
const ledgerAmount = (minor: number) => fromMinorUnits(minor).toFixed(2);

/** The rate used, in TZS per unit ("2650.00"), or '' for TZS. */
export const rateText = (rate: number | null) => (rate === null ? '' : fromMinorUnits(rate).toFixed(2));

/**
 * One CSV field: quoted when it holds a comma, quote or line break; text a spreadsheet would run as
 * a formula (= + - @ at the start) gets a leading apostrophe, as OWASP's CSV injection advice says.
 */
export function csvField(value: string, numeric = false): string {
  const safe = !numeric && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const csv = (rows: string[][]) => rows.map((r) => r.join(',')).join('\r\n') + '\r\n';
const text = (values: readonly string[]) => values.map((v) => csvField(v));

function described(entry: JournalEntry): string {
  return entry.rate === null ? entry.description : `${entry.description} (rate ${rateText(entry.rate)} TZS)`;
}

function xeroRows(entry: JournalEntry): string[][] {
  return entry.lines.map((line) => [
    ...text([entry.narration, formatCalendarDate(entry.date), described(entry), line.code ?? '', XERO_TAX_RATE]),
    csvField(ledgerAmount(line.debit - line.credit), true),
    ...text(['Branch', entry.branch]),
  ]);
}

/**
 * Xero files of at most 300 lines each, a journal's entry never split between two files (each file
 * then balances on its own). One file is `name.csv`; more are `name-1.csv`, `name-2.csv`, … to zip.
 */
export function xeroFiles(journal: Journal, name: string): Array<{ name: string; data: string }> {
  const perFile = Math.floor(XERO_LINES_MAX / 2);
  const chunks: JournalEntry[][] = [];
  for (let i = 0; i < journal.entries.length; i += perFile) chunks.push(journal.entries.slice(i, i + perFile));
  return chunks.map((entries, i) => ({
    name: chunks.length === 1 ? `${name}.csv` : `${name}-${i + 1}.csv`,
    data: csv([[...XERO_COLUMNS], ...entries.flatMap(xeroRows)]),
  }));
}

/** QuickBooks Online's journal CSV: one Journal No. per entry, the debit or the credit on each line. */
export function quickbooksCsv(journal: Journal): string {
  const rows = journal.entries.flatMap((entry, i) =>
    entry.lines.map((line) => [
      csvField(String(i + 1), true),
      csvField(formatCalendarDate(entry.date)),
      ...text([line.code ?? '', described(entry)]),
      line.debit ? ledgerAmount(line.debit) : '',
      line.credit ? ledgerAmount(line.credit) : '',
    ]),
  );
  return csv([[...text(QUICKBOOKS_COLUMNS)], ...rows]);
}
