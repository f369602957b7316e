import { readCsv, headerKey, type CsvRow } from './csv';
import { lineHash, type ParsedLine } from './parsed-line';
import { readAmount, readDay, StatementLineError } from './values';

/**
 * A bank account's columns, chosen once per account by finance and remembered: the day, the
 * words, optionally the reference, and the amount as one signed column or as debit and credit.
 * Column names are compared without case, spaces or dots.
 */
export interface BankColumns {
  date: string;
  details: string;
  reference?: string | null;
  amount?: string | null;
  debit?: string | null;
  credit?: string | null;
}

export function bankColumnsProblem(columns: BankColumns): string | null {
  if (columns.amount && (columns.debit || columns.credit)) return 'Choose one amount column, or a debit and a credit column, not both';
  if (!columns.amount && !(columns.debit && columns.credit)) return 'Choose the amount column, or both the debit and the credit column';
  return null;
}

export function parseBank(input: string | CsvRow[], account: string, columns: BankColumns): ParsedLine[] {
  const rows = typeof input === 'string' ? readCsv(input) : input;
  const wanted = Object.entries(columns).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== '');
  const headerAt = rows.findIndex((r) => wanted.every(([, name]) => r.cells.map(headerKey).includes(headerKey(name))));
  if (headerAt < 0) {
    const names = wanted.map(([, name]) => name).join(', ');
    throw new StatementLineError(1, `no row names the chosen columns ${names}`);
  }
  const header = rows[headerAt].cells.map(headerKey);
  const cell = (row: CsvRow, name: string | null | undefined) => (name ? (row.cells[header.indexOf(headerKey(name))] ?? '') : '');
  const seen = new Map<string, number>();
  const lines: ParsedLine[] = [];
  for (const row of rows.slice(headerAt + 1)) {
    const dateText = cell(row, columns.date);
    // closing and opening balance rows carry no day
    if (dateText === '' && /balance/i.test(row.cells.join(' '))) continue;
    const date = readDay(dateText);
    if (!date) throw new StatementLineError(row.line, `"${dateText.slice(0, 40)}" is not a date (dd/mm/yyyy or yyyy-mm-dd)`);
    let amount: number | null | undefined;
    if (columns.amount) amount = readAmount(cell(row, columns.amount));
    else {
      const debit = readAmount(cell(row, columns.debit));
      const credit = readAmount(cell(row, columns.credit));
      amount = debit === undefined || credit === undefined ? undefined : (credit ?? 0) - Math.abs(debit ?? 0);
    }
    if (amount === undefined || amount === null || amount === 0)
      throw new StatementLineError(row.line, `no amount can be read from "${row.cells.join(', ').slice(0, 60)}"`);
    const details = cell(row, columns.details);
    const reference = cell(row, columns.reference).toUpperCase();
    const content = lineHash(date, amount, details, reference, row.cells.join('\u001e'));
    // two identical lines on one day are two movements: the n-th copy is told apart by n
    const copy = (seen.get(content) ?? 0) + 1;
    seen.set(content, copy);
    lines.push({
      line: row.line,
      hash: lineHash('bank', account.toLowerCase(), content, copy),
      date,
      amount,
      reference,
      details,
      party: '',
      phone: null,
      state: 'completed',
    });
  }
  return lines;
}
