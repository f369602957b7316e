import type { ApprovalBand } from '@imprest/domain';
import type { FastifyInstance } from 'fastify';
import { jsonCaller } from './http';
import { rowCounts } from './users';

/** A valid three-band matrix: petty cash up to 1,000,000, then B to 150,000,000, then A. */
export const threeBands = (): ApprovalBand[] => [
  {
    start_value: 0,
    end_value: 1_000_000,
    description: 'Petty cash',
    user_role: 'C',
    reviewers: ['petty_cash_custodian'],
    cascading_notification: false,
  },
  {
    start_value: 1_000_000,
    end_value: 150_000_000,
    description: 'Up to 150,000,000 TZS',
    user_role: 'B',
    reviewers: ['finance_officer', 'executive_secretary'],
    cascading_notification: true,
  },
  {
    start_value: 150_000_000,
    end_value: null,
    description: '150,000,000 TZS and above',
    user_role: 'A',
    reviewers: ['finance_officer', 'executive_secretary', 'director'],
    cascading_notification: false,
  },
];

/** A petty-cash band reviewed by a non-finance role, and a top band ending with the board chairman: chains that hold roles without finance rights. */
export const chainRoleBands = (): ApprovalBand[] => [
  {
    start_value: 0,
    end_value: 1_000_000,
    description: 'Petty cash',
    user_role: 'C',
    reviewers: ['petty_cash_custodian'],
    cascading_notification: false,
  },
  {
    start_value: 1_000_000,
    end_value: 150_000_000,
    description: 'B',
    user_role: 'B',
    reviewers: ['finance_officer', 'executive_secretary'],
    cascading_notification: false,
  },
  {
    start_value: 150_000_000,
    end_value: null,
    description: 'A',
    user_role: 'A',
    reviewers: ['finance_officer', 'executive_secretary', 'board_chairman'],
    cascading_notification: false,
  },
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
