/**
 * The reports' numbers computed a second, independent way: from every row of the tables, in
 * JavaScript, with the domain's date and money rules — never the reports' SQL.
 */
import { advanceStanding, calendarDateAt, retirementDueDate, toTzs, type ExchangeRates } from '@imprest/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';

const COMMITTING = new Set(['pending', 'on_progress', 'request_edit', 'approved']);
const iso = (v: unknown) => new Date(v as string).toISOString();

export async function tables(db: Kysely<Database>) {
  const [requests, reviews, retirements, codes] = await Promise.all([
    db.selectFrom('requests').selectAll().execute(),
    db.selectFrom('reviews').selectAll().execute(),
    db.selectFrom('retirements').selectAll().execute(),
    db.selectFrom('budget_codes').selectAll().execute(),
  ]);
  return { requests, reviews, retirements, codes };
}
type Tables = Awaited<ReturnType<typeof tables>>;

/** Per code: committed and spent in cents, for expenditure dates in [from, to]. */
export function budgetSums(t: Tables, from: string, to: string) {
  return [...t.codes]
    .sort((a, b) => a.code - b.code)
    .map((code) => {
      let committed = 0;
      let spent = 0;
      for (const r of t.requests) {
        if (r.budget_code_id !== code.id || r.is_latest !== 1 || !COMMITTING.has(r.current_status)) continue;
        if (r.expenditure_date < from || r.expenditure_date > to) continue;
        if (r.retired_amount === null) committed += Number(r.amount_requested);
        else spent += Number(r.retired_amount);
      }
      return {
        code: code.code,
        currency: code.amount_currency,
        amount: Number(code.amount),
        committed,
        spent,
        remaining: Number(code.amount) - committed - spent,
      };
    });
}

export const tzs = (cents: number, currency: string, rates: ExchangeRates) =>
  Math.sign(cents) * Math.round(toTzs(Math.abs(cents) / 100, currency, rates) * 100);

export function outstandingRows(t: Tables, now: Date, timeZone: string) {
  const today = calendarDateAt(now, timeZone);
  return t.requests
    .filter((r) => r.is_latest === 1 && r.current_status === 'approved' && r.retired_amount === null)
    .map((r) => {
      const retirement = t.retirements.find((x) => x.id === r.current_retirement);
      const due = retirement?.due_date ?? retirementDueDate(r.expenditure_date, calendarDateAt(iso(r.approved_at), timeZone));
      const submittedOn = retirement?.submitted_at ? calendarDateAt(iso(retirement.submitted_at), timeZone) : null;
      const standing = advanceStanding({ status: retirement?.status ?? null, due_date: due, submitted_on: submittedOn }, today);
      return { id: r.id, owner: r.request_owner_id, cents: Number(r.amount_requested), due, submittedOn, ...standing };
    })
    .sort((a, b) => a.due.localeCompare(b.due) || a.id - b.id);
}

/** Nearest-rank percentile of plain numbers. */
export function nearestRank(values: number[], p: number): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(1, Math.ceil(p * sorted.length)) - 1]!;
}

const hours = (from: unknown, to: unknown) => Math.floor((Date.parse(iso(to)) - Date.parse(iso(from))) / 3_600_000);

/** Submission-to-approval hours and each acted step's wait, by month (of the organisation) of the approval or the act. */
export function turnaroundSamples(t: Tables, timeZone: string) {
  const month = (at: unknown) => calendarDateAt(iso(at), timeZone).slice(0, 7);
  const approval = new Map<string, number[]>();
  for (const r of t.requests)
    if (r.approved_at)
      (approval.get(month(r.approved_at)) ?? approval.set(month(r.approved_at), []).get(month(r.approved_at))!).push(
        hours(r.created_at, r.approved_at),
      );
  const steps = new Map<string, number[]>();
  for (const s of t.reviews) {
    if (!s.acted_at) continue;
    const request = t.requests.find((r) => r.id === s.request_id)!;
    const before = t.reviews
      .filter((p) => p.request_id === s.request_id && p.position < s.position && p.acted_at)
      .map((p) => Date.parse(iso(p.acted_at)));
    const start = before.length ? new Date(Math.max(...before)) : request.created_at;
    const key = `${month(s.acted_at)} ${s.reviewer_role}`;
    (steps.get(key) ?? steps.set(key, []).get(key)!).push(hours(start, s.acted_at));
  }
  return { approval, steps };
}
