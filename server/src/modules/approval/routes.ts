import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { EXCHANGE_RATES_DIRECTORS_ONLY, type ApprovalBand, type ExchangeRates } from '@imprest/domain';
import { errors } from '../../schemas';
import { MatrixAnswer, MatrixBody, RatesAnswer, RatesBody } from './schemas';
import type { ApprovalService } from './service';
import { APPROVAL_DOCS } from './descriptions';

const signedIn: { security: Array<Record<string, string[]>>; tags: string[] } = {
  security: [{ bearer: [] }, { token: [] }],
  tags: ['approval'],
};
export const DIRECTORS_ONLY = 'Only directors can change the approval matrix';

/**
 * Thin routes. Everyone signed in reads the matrix and the rates (staff may see who approves),
 * so a caller without the right to change them gets 403 with the reason rather than 404.
 */
export const approvalRoutes: FastifyPluginAsyncTypebox<{ approval: ApprovalService }> = async (app, { approval }) => {
  app.get(
    '/approval-matrix',
    {
      config: { permission: 'authenticated', access: ['organization'] },
      schema: {
        ...signedIn,
        summary: "The organisation's approval bands (the default until a director saves one)",
        description: APPROVAL_DOCS.matrix,
        response: { 200: MatrixAnswer, ...errors(401) },
      },
    },
    async (request) => ({ data: await approval.matrix(request.user!) }),
  );

  app.put(
    '/approval-matrix',
    {
      config: { permission: 'super_admin', access: ['organization'], objectRule: 'approvalMatrixProblems', forbidden: DIRECTORS_ONLY },
      schema: {
        ...signedIn,
        summary: 'Replace the approval bands (directors); applies to requests submitted from now on',
        description: APPROVAL_DOCS.saveMatrix,
        body: MatrixBody,
        response: { 200: MatrixAnswer, ...errors(400, 401, 403, 413) },
      },
    },
    // the schema keeps reviewers as plain strings so a wrong role gets approvalMatrixProblems' sentence
    async (request) => ({ data: await approval.saveMatrix(request.user!, request.body.bands as ApprovalBand[]) }),
  );

  app.get(
    '/exchange-rates',
    {
      config: { permission: 'authenticated', access: ['organization'] },
      schema: {
        ...signedIn,
        summary: 'TZS per unit of each other currency, used to place requests in a band',
        description: APPROVAL_DOCS.rates,
        response: { 200: RatesAnswer, ...errors(401) },
      },
    },
    async (request) => ({ data: await approval.rates(request.user!) }),
  );

  app.put(
    '/exchange-rates',
    {
      config: {
        permission: 'super_admin',
        access: ['organization'],
        objectRule: 'exchangeRatesProblem',
        forbidden: EXCHANGE_RATES_DIRECTORS_ONLY,
      },
      schema: {
        ...signedIn,
        summary: 'Replace the set of exchange rates (directors); requests already submitted keep their band',
        description: APPROVAL_DOCS.saveRates,
        body: RatesBody,
        response: { 200: RatesAnswer, ...errors(400, 401, 403, 413) },
      },
    },
    async (request) => ({ data: await approval.saveRates(request.user!, request.body.rates as ExchangeRates) }),
  );
};
