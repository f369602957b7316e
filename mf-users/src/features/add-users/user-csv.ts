import { DEPARTMENTS, normalizePhone, optionLabel, type Department } from '@imprest/domain';
import { parseCsvFile, parseCsvText, toCsv, type CsvFileTable, type CsvTable } from '@imprest/ui/csv';

/** Columns of a bulk upload and the header names each may go by (compared ignoring case and spaces). */
const USER_CSV_COLUMNS = {
  fullname: ['name', 'fullname'],
  department: ['department'],
  phone_number: ['phone', 'phone number', 'phone_number'],
  email: ['email', 'e-mail'],
} as const;

/** docs/product-rules.md §Limits: the template's columns. */
const TEMPLATE_COLUMNS = ['name', 'department', 'phone', 'email'] as const;

export type UserCsvField = keyof typeof USER_CSV_COLUMNS;
export type UserCsvRow = Record<UserCsvField, string>;
export type UserCsvTable = CsvTable<UserCsvField>;
type UserCsvFileTable = CsvFileTable<UserCsvField>;

const squash = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

/** A department as people type it — 'Finance', 'rising stem stars', 'IT' — to its key. */
export function findDepartment(text: string): Department | undefined {
  const wanted = squash(text);
  if (!wanted) return undefined;
  return DEPARTMENTS.find((key) => squash(key) === wanted || squash(optionLabel(key)) === wanted);
}

/**
 * Known departments become their keys (others stay as typed, to be corrected). A valid mobile
 * number shows as it will be saved (E.164, a lost leading zero restored); any other phone stays
 * exactly as the file has it, 2.55712E+11 included, so the preview shows the damage to correct.
 */
function tidy<Table extends UserCsvTable>(table: Table): Table {
  const rows = table.rows.map((row) => ({
    ...row,
    department: findDepartment(row.department) ?? row.department,
    phone_number: normalizePhone(row.phone_number),
  }));
  return { ...table, rows };
}

export function readUserCsvText(text: string): UserCsvTable {
  return tidy(parseCsvText(text, USER_CSV_COLUMNS));
}

export async function readUserCsvFile(file: File): Promise<UserCsvFileTable> {
  return tidy(await parseCsvFile(file, USER_CSV_COLUMNS));
}

/**
 * One filled-in row, so the template shows how each column is written (a department by its name).
 * The phone has spaces: Excel keeps such a value as text, where 0712345678 loses its zero and
 * +255712345678 becomes 2.55712E+11 once the file is saved again.
 */
const TEMPLATE_EXAMPLE = ['Asha Mushi', 'Outreach', '0712 345 678', 'asha.mushi@example.org'] as const;

export function userTemplateCsv(): string {
  return `${toCsv(TEMPLATE_COLUMNS, [TEMPLATE_EXAMPLE])}\r\n`;
}
