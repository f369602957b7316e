import { aRequest } from '../../../test/requests';
import type { Call, Reply } from '@imprest/test-utils';

const CODES = [
  { code: 6101, name: 'Office rent', amount_currency: 'tzs' },
  { code: 2101, name: 'Mastercard travel', amount_currency: 'usd' },
];
const BALANCE = 500_000;

/** The budget calls of the form: the pick list and a balance of TZS 500,000 on every code. */
export function budgetAnswers(call: Call): Reply | undefined {
  if (call.path === 'budget/codes') return { body: { budget_codes: CODES } };
  const balance = /^budget\/(\d+)\/balance$/.exec(call.path);
  if (balance) return { body: { has_balance: Number(call.query.amount) <= BALANCE, currency: 'tzs', balance: BALANCE } };
  if (call.method === 'POST' && call.path.startsWith('requests')) return { status: 201, body: { data: aRequest({ id: 99 }) } };
  return undefined;
}
