import {
  BRANCH_LABELS,
  movementAccount,
  startOfCalendarDate,
  calendarDateAt,
  addCalendarDays,
  type Branch,
  type JournalMovement,
} from '@imprest/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { loadExchangeRates } from '../approval/repository';

export interface Period {
  from: string;
  to: string;
}

interface Context {
  requestOf: { approval_number: string | null; request_owner_name: string; band_rate: number | null; meta_data: string };
  rates: Record<string, number>;
}

/** The budget code's [category, branch] (meta_data's JSON) as journal accounts read them. */
function metaOf(text: string): [string, string] {
  try {
    const [category, branch] = JSON.parse(text) as [string, string];
    return [String(category), BRANCH_LABELS[branch as Branch] ?? String(branch ?? '')];
  } catch {
    return ['', ''];
  }
}

/** TZS cents per unit: the rate the request was banded at, else the organisation's rate today; null for TZS. */
function rateOf(currency: string, { requestOf, rates }: Context): number | null {
  if (currency === 'tzs') return null;
  if (requestOf.band_rate !== null) return Number(requestOf.band_rate);
  const today = rates[currency];
  return today === undefined ? null : Math.round(today * 100);
}

const common = (row: Context['requestOf'], currency: string, rates: Record<string, number>) => ({
  currency,
  rate: rateOf(currency, { requestOf: row, rates }),
  approvalNumber: row.approval_number ?? '',
  owner: row.request_owner_name,
  branch: metaOf(row.meta_data)[1],
});

/**
 * Every movement of the organisation's money in the period: payouts and settlements by the day the
 * money moved, approved retirements by the day of their final approval on the organisation's calendar.
 */
export async function movementsIn(
  db: Kysely<Database>,
  organizationId: number,
  period: Period,
  timeZone: string,
): Promise<JournalMovement[]> {
  const rates = await loadExchangeRates(db, organizationId);
  const requestColumns = [
    'requests.approval_number',
    'requests.request_owner_name',
    'requests.band_rate',
    'budget_codes.meta_data',
  ] as const;
  const [payouts, retirements, settlements] = await Promise.all([
    db
      .selectFrom('payouts')
      .innerJoin('requests', 'requests.id', 'payouts.request_id')
      .innerJoin('budget_codes', 'budget_codes.id', 'requests.budget_code_id')
      .select([
        'payouts.id',
        'payouts.date',
        'payouts.amount',
        'payouts.amount_currency',
        'payouts.method',
        'payouts.network',
        ...requestColumns,
      ])
      .where('payouts.organization_id', '=', organizationId)
      .where('payouts.date', '>=', period.from)
      .where('payouts.date', '<=', period.to)
      .execute(),
    db
      .selectFrom('retirements')
      .innerJoin('requests', 'requests.id', 'retirements.request_id')
      .innerJoin('budget_codes', 'budget_codes.id', 'requests.budget_code_id')
      .select(['retirements.id', 'retirements.decided_at', 'retirements.amount_spent', 'retirements.amount_currency', ...requestColumns])
      .where('retirements.organization_id', '=', organizationId)
      .where('retirements.status', '=', 'approved')
      .where('retirements.decided_at', '>=', startOfCalendarDate(period.from, timeZone).toISOString() as never)
      .where('retirements.decided_at', '<', startOfCalendarDate(addCalendarDays(period.to, 1), timeZone).toISOString() as never)
      .execute(),
    db
      .selectFrom('settlements')
      .innerJoin('retirements', 'retirements.id', 'settlements.retirement_id')
      .innerJoin('requests', 'requests.id', 'retirements.request_id')
      .innerJoin('budget_codes', 'budget_codes.id', 'requests.budget_code_id')
      .select([
        'settlements.id',
        'settlements.date',
        'settlements.direction',
        'settlements.amount',
        'settlements.amount_currency',
        'settlements.method',
        'settlements.network',
        ...requestColumns,
      ])
      .where('settlements.organization_id', '=', organizationId)
      .where('settlements.date', '>=', period.from)
      .where('settlements.date', '<=', period.to)
      .execute(),
  ]);
  const all: JournalMovement[] = [
    ...payouts.map((p): JournalMovement => ({
      source: 'payout',
      id: p.id,
      date: p.date,
      amount: Number(p.amount),
      account: movementAccount(p.method, p.network),
      ...common(p, p.amount_currency, rates),
    })),
    ...retirements.map((r): JournalMovement => ({
      source: 'retirement',
      id: r.id,
      date: calendarDateAt(r.decided_at!, timeZone),
      amount: Number(r.amount_spent ?? 0),
      account: `category:${metaOf(r.meta_data)[0]}`,
      ...common(r, r.amount_currency, rates),
    })),
    ...settlements.map((s): JournalMovement => ({
      source: s.direction === 'return' ? 'return' : 'reimbursement',
      id: s.id,
      date: s.date,
      amount: Number(s.amount),
      account: movementAccount(s.method, s.network),
      ...common(s, s.amount_currency, rates),
    })),
  ];
  // a retirement that spent nothing moves no money: no entry of two zero lines
  return all.filter((m) => m.amount > 0);
}
