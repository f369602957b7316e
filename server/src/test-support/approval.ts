import type { ApprovalBand } from '@imprest/domain';
import type { FastifyInstance } from 'fastify';
import { jsonCaller } from './http';
import { rowCounts } from './users';

/** A band from `start` to `end` (null: no upper limit) for `user_role`, reviewed by `reviewers` in order. */
const band = (
  start_value: number,
  end_value: number | null,
  description: string,
  user_role: ApprovalBand['user_role'],
  reviewers: ApprovalBand['reviewers'],
  cascading_notification = false,
): ApprovalBand => ({ start_value, end_value, description, user_role, reviewers, cascading_notification });

const pettyCash = () => band(0, 1_000_000, 'Petty cash', 'C', ['petty_cash_custodian']);

/** A valid three-band matrix: petty cash up to 1,000,000, then B to 150,000,000, then A. */
export const threeBands = (): ApprovalBand[] => [
  pettyCash(),
  band(1_000_000, 150_000_000, 'Up to 150,000,000 TZS', 'B', ['finance_officer', 'executive_secretary'], true),
  band(150_000_000, null, '150,000,000 TZS and above', 'A', ['finance_officer', 'executive_secretary', 'director']),
];

/** A petty-cash band reviewed by a non-finance role, and a top band ending with the board chairman: chains that hold roles without finance rights. */
export const chainRoleBands = (): ApprovalBand[] => [
  pettyCash(),
  band(1_000_000, 150_000_000, 'B', 'B', ['finance_officer', 'executive_secretary']),
  band(150_000_000, null, 'A', 'A', ['finance_officer', 'executive_secretary', 'board_chairman']),
];

/** A signed-in caller of the approval-matrix and exchange-rate calls (bodies sent as JSON text, so any shape can be tried). */
export function approvalApi(app: FastifyInstance, token: string) {
  const call = jsonCaller(app, token);
  return {
    matrix: () => call('GET', 'approval-matrix'),
    saveMatrix: (bands: unknown) => call('PUT', 'approval-matrix', { bands }),
    putMatrix: (body: unknown) => call('PUT', 'approval-matrix', body),
    rates: () => call('GET', 'exchange-rates'),
    saveRates: (rates: unknown) => call('PUT', 'exchange-rates', { rates }),
    putRates: (body: unknown) => call('PUT', 'exchange-rates', body),
  };
}
export type ApprovalApi = ReturnType<typeof approvalApi>;

/** Matrix rows, rate rows and audit rows, to prove a refused call wrote nothing. */
export const approvalCounts = (app: FastifyInstance) => rowCounts(app, ['approval_matrices', 'exchange_rates', 'audit_log']);
