import { readCsv, headerKey, type CsvRow } from './csv';
import { lineHash, type ParsedLine } from './parsed-line';
import { readAmount, readDay, StatementLineError } from './values';

/**
 * The M-Pesa organisation statement as the portal exports it
 * (docs/product-rules.md §Statement reconciliation): a few rows naming the organisation and the period, then the table. Money in is
 * under Paid In, money out under Withdrawn (negative); a transaction's charge is a row of its own
 * with the same receipt; a reversal is a row of its own whose Linked Transaction ID names the
 * receipt it undid.
 */
const COLUMNS = {
  receipt: 'receipt no',
  completed: 'completion time',
  details: 'details',
  status: 'transaction status',
  paidIn: 'paid in',
  withdrawn: 'withdrawn',
  reason: 'reason type',
  party: 'other party info',
  linked: 'linked transaction id',
} as const;
const REQUIRED: Array<keyof typeof COLUMNS> = ['receipt', 'completed', 'details', 'status', 'paidIn', 'withdrawn'];

/** Whether the rows look like an M-Pesa statement (its header row is there). */
function findMpesaHeader(rows: CsvRow[]): number {
  return rows.findIndex((r) => {
    const keys = r.cells.map(headerKey);
    return keys.includes(COLUMNS.receipt) && keys.includes(COLUMNS.completed);
  });
}

/** "255754***456 - AMINA JUMA", "0754***456 Amina Juma", "Amina Juma 2557****3456": the phone shown and the name. */
export function readParty(text: string): { phone: string | null; name: string } {
  const phone = /\+?[0-9][0-9*]{5,14}/.exec(text);
  if (!phone || !/\d{3}/.test(phone[0])) return { phone: null, name: text.trim() };
  const name = (text.slice(0, phone.index) + text.slice(phone.index + phone[0].length)).replace(/^[\s\-–:]+|[\s\-–:]+$/g, '');
  return { phone: phone[0].replace('+', ''), name };
}

/** The statement's lines, from its CSV text or its .xlsx rows. */
export function parseMpesa(input: string | CsvRow[]): ParsedLine[] {
  const rows = typeof input === 'string' ? readCsv(input) : input;
  const headerAt = findMpesaHeader(rows);
  if (headerAt < 0) throw new StatementLineError(1, 'no row names the columns Receipt No. and Completion Time');
  const header = rows[headerAt].cells.map(headerKey);
  const at = Object.fromEntries(Object.entries(COLUMNS).map(([k, name]) => [k, header.indexOf(name)])) as Record<
    keyof typeof COLUMNS,
    number
  >;
  const missing = REQUIRED.find((k) => at[k] < 0);
  if (missing) throw new StatementLineError(rows[headerAt].line, `the column ${COLUMNS[missing]} is missing`);
  const cell = (row: CsvRow, key: keyof typeof COLUMNS) => (at[key] < 0 ? '' : (row.cells[at[key]] ?? ''));

  const lines: ParsedLine[] = [];
  const reversedReceipts = new Set<string>();
  for (const row of rows.slice(headerAt + 1)) {
    const receipt = cell(row, 'receipt').toUpperCase();
    if (!/^[A-Z0-9]{10}$/.test(receipt))
      throw new StatementLineError(row.line, `"${receipt.slice(0, 40)}" is not an M-Pesa receipt number`);
    const date = readDay(cell(row, 'completed'));
    if (!date) throw new StatementLineError(row.line, `"${cell(row, 'completed').slice(0, 40)}" is not a completion time`);
    const paidIn = readAmount(cell(row, 'paidIn'));
    const withdrawn = readAmount(cell(row, 'withdrawn'));
    if (paidIn === undefined || withdrawn === undefined)
      throw new StatementLineError(
        row.line,
        `"${(paidIn === undefined ? cell(row, 'paidIn') : cell(row, 'withdrawn')).slice(0, 40)}" is not an amount`,
      );
    const amount = (paidIn ?? 0) - Math.abs(withdrawn ?? 0);
    const details = cell(row, 'details');
    const status = cell(row, 'status').toLowerCase();
    const words = `${details} ${cell(row, 'reason')}`.toLowerCase();
    const linked = cell(row, 'linked').toUpperCase();
    const state = status !== 'completed' ? 'failed' : /revers/.test(words) ? 'reversal' : /charge/.test(words) ? 'charge' : 'completed';
    if (state === 'reversal' && linked) reversedReceipts.add(linked);
    const { phone, name } = readParty(cell(row, 'party'));
    lines.push({
      line: row.line,
      hash: lineHash('mpesa', receipt, state, amount, cell(row, 'completed')),
      date,
      amount,
      reference: receipt,
      details,
      party: name,
      phone,
      state,
    });
  }
  return lines.map((l) => (l.state === 'completed' && reversedReceipts.has(l.reference) ? { ...l, state: 'reversed' } : l));
}
