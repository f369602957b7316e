/** Each report as one worksheet: the table the screen shows beneath its chart, labels not keys. */
import { optionLabel } from '@imprest/domain';
import type { BudgetVsActual, OutstandingRow, Turnaround } from '@imprest/domain/contract';
import type { Readable } from 'node:stream';
import { constants } from 'node:zlib';
import { dayCell, toXlsx, xlsxStream, type Cell } from '../../spreadsheet';

const AGE_LABELS = { not_due: 'Not due', days_0_14: '0–14 days', days_15_30: '15–30 days', over_30: 'Over 30 days' } as const;

export function budgetWorkbook(report: BudgetVsActual, at: Date): Buffer {
  const headers = [
    'CODE',
    'NAME',
    'CATEGORY',
    'BRANCH',
    'DEPARTMENT',
    'CURRENCY',
    'AMOUNT',
    'COMMITTED',
    'SPENT',
    'REMAINING',
    'AMOUNT TZS',
    'COMMITTED TZS',
    'SPENT TZS',
    'REMAINING TZS',
  ];
  const rows: Cell[][] = report.codes.map((c) => [
    c.code,
    c.name,
    c.category,
    c.branch,
    c.department === 'all' ? 'All departments' : optionLabel(c.department),
    c.currency.toUpperCase(),
    c.amount,
    c.committed,
    c.spent,
    c.remaining,
    c.amount_tzs,
    c.committed_tzs,
    c.spent_tzs,
    c.remaining_tzs,
  ]);
  const t = report.total;
  rows.push([
    `${report.from} to ${report.to}`,
    t.label,
    null,
    null,
    null,
    'TZS',
    null,
    null,
    null,
    null,
    t.amount,
    t.committed,
    t.spent,
    t.remaining,
  ]);
  return toXlsx('Budget vs actual', headers, rows, at);
}

/** Rows handed to the workbook this many at a time: written, then deflated on zlib's threads while the next are written. */
const ROWS_PER_PIECE = 2_000;

async function* piecesOf<T>(rows: readonly T[]): AsyncGenerator<readonly T[]> {
  for (let i = 0; i < rows.length; i += ROWS_PER_PIECE) yield rows.slice(i, i + ROWS_PER_PIECE);
}

// departments and purposes are a handful of keys over thousands of rows: each label made once
const labels = new Map<string, string>();
const labelOf = (key: string) => labels.get(key) ?? labels.set(key, optionLabel(key)).get(key)!;

const outstandingCells = (r: OutstandingRow): Cell[] => [
  r.approval_number,
  r.owner_name,
  labelOf(r.department),
  labelOf(r.purpose),
  r.amount,
  r.currency.toUpperCase(),
  r.amount_tzs,
  dayCell(r.due_date),
  r.days_past_due,
  AGE_LABELS[r.bucket],
];

/** Every outstanding advance, streamed: the one report whose rows grow with the data. */
export function outstandingWorkbook(rows: readonly OutstandingRow[], at: Date): Promise<Readable> {
  const headers = [
    'APPROVAL NUMBER',
    'NAME',
    'DEPARTMENT',
    'PURPOSE',
    'AMOUNT',
    'CURRENCY',
    'AMOUNT TZS',
    'DUE DATE',
    'DAYS PAST DUE',
    'AGE',
  ];
  // zlib's fastest level: at 16,000 advances 13 ms of deflating where the default took 42, for a
  // file of 910 KB instead of 765 KB; the report answers within 200 ms at 100,000 requests
  return xlsxStream('Outstanding advances', headers, piecesOf(rows), outstandingCells, at, constants.Z_BEST_SPEED);
}

export function turnaroundWorkbook(report: Turnaround, at: Date): Buffer {
  const headers = ['MONTH', 'MEASURE', 'ROLE / PURPOSE', 'STATUS', 'COUNT', 'MEDIAN HOURS', '90TH PERCENTILE HOURS'];
  const rows: Cell[][] = [
    ...report.approval.map((m) => [m.month, 'Submission to approval', null, null, m.count, m.median_hours, m.p90_hours]),
    ...report.steps.map((s) => [s.month, 'Step', s.label, null, s.count, s.median_hours, s.p90_hours]),
    ...report.volume.map((v) => [v.month, 'Requests', optionLabel(v.purpose), optionLabel(v.status), v.count, null, null]),
  ];
  return toXlsx('Approval turnaround', headers, rows, at);
}
