import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { IdempotencyHeaders, callKeyOf } from '../../idempotency';
import { errors, xlsxAnswer } from '../../schemas';
import { XLSX_CONTENT_TYPE } from '../../spreadsheet';
import {
  BalanceQuery,
  BalanceSchema,
  BudgetAnswer,
  BudgetCodesSchema,
  BudgetDetailSchema,
  BudgetListQuery,
  BudgetPageSchema,
  CodeParams,
  NewBudgetBody,
  RemoveBudgetBody,
  RequestsQuery,
  UpdateBudgetBody,
} from './schemas';
import type { BudgetService } from './service';
import { BUDGET_DOCS } from './descriptions';

const signedIn: { security: Array<Record<string, string[]>>; tags: string[] } = {
  security: [{ bearer: [] }, { token: [] }],
  tags: ['budget'],
};

/** Thin routes: schema and permission here, rules in the service; a code the caller may not see answers 404. */
export const budgetRoutes: FastifyPluginAsyncTypebox<{ budget: BudgetService }> = async (app, { budget }) => {
  app.get(
    '/budget',
    {
      config: { permission: 'authenticated', access: ['budget.read'] },
      schema: {
        ...signedIn,
        summary: 'One page of budget codes in code order (archived included), scoped to the departments the caller sees',
        description: BUDGET_DOCS.list,
        querystring: BudgetListQuery,
        response: { 200: BudgetPageSchema, ...errors(400, 401) },
      },
    },
    async (request) => budget.list(request.user!, request.query),
  );

  app.get(
    '/budget/codes',
    {
      config: { permission: 'authenticated', access: ['budget.read'], objectRule: 'active codes' },
      schema: {
        ...signedIn,
        summary: 'The active codes the caller may request against (the request form pick list)',
        description: BUDGET_DOCS.codes,
        response: { 200: BudgetCodesSchema, ...errors(401) },
      },
    },
    async (request) => budget.codes(request.user!),
  );

  app.get(
    '/budget/:code',
    {
      config: { permission: 'authenticated', access: ['budget.read', 'request.read'] },
      schema: {
        ...signedIn,
        summary: 'One code by its full code, with a page of its requests',
        description: BUDGET_DOCS.detail,
        params: CodeParams,
        querystring: RequestsQuery,
        response: { 200: BudgetDetailSchema, ...errors(400, 401, 404) },
      },
    },
    async (request) => budget.get(request.user!, Number(request.params.code), request.query),
  );

  app.get(
    '/budget/:code/balance',
    {
      config: { permission: 'authenticated', access: ['budget.read'], objectRule: 'active code' },
      schema: {
        ...signedIn,
        summary: "Whether an amount fits what is left on an active code, and what is left, in the code's currency",
        description: BUDGET_DOCS.balance,
        params: CodeParams,
        querystring: BalanceQuery,
        response: { 200: BalanceSchema, ...errors(400, 401, 404) },
      },
    },
    async (request) => budget.balance(request.user!, Number(request.params.code), request.query.amount),
  );

  app.post(
    '/budget',
    {
      config: { permission: 'finance', access: ['organization'], objectRule: 'budgetValuesProblem; code unique in the organisation' },
      schema: {
        ...signedIn,
        summary: 'Add a budget code (finance permission)',
        description: BUDGET_DOCS.create,
        headers: IdempotencyHeaders,
        body: NewBudgetBody,
        response: { 201: BudgetAnswer, ...errors(400, 401, 404, 409, 413) },
      },
    },
    async (request, reply) => {
      const answer = await budget.create(request.user!, request.body, callKeyOf(request));
      return reply.status(answer.status as 201).send(answer.body);
    },
  );

  app.put(
    '/budget',
    {
      config: { permission: 'finance', access: ['budget.read'], objectRule: 'budgetValuesProblem; budgetChangeProblem (prior requests)' },
      schema: {
        ...signedIn,
        summary: 'Edit a budget code, or archive / re-activate it with exactly {id, current_status} (finance permission)',
        description: BUDGET_DOCS.update,
        body: UpdateBudgetBody,
        response: { 200: BudgetAnswer, ...errors(400, 401, 404, 409, 413) },
      },
    },
    async (request) => ({ data: await budget.update(request.user!, request.body) }),
  );

  app.post(
    '/budget/remove',
    {
      config: { permission: 'finance', access: ['budget.read'], objectRule: 'canRemoveBudget (no requests)' },
      schema: {
        ...signedIn,
        summary: 'Delete a budget code that has no requests (finance permission)',
        description: BUDGET_DOCS.remove,
        body: RemoveBudgetBody,
        response: { 204: Type.Null(), ...errors(400, 401, 404, 409, 413) },
      },
    },
    async (request, reply) => {
      await budget.remove(request.user!, request.body.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/budget/download/:code',
    {
      config: { permission: 'finance', access: ['budget.read', 'request.read'] },
      schema: {
        ...signedIn,
        summary: "The code's requests as an .xlsx workbook (finance permission)",
        description: BUDGET_DOCS.download,
        params: CodeParams,
        response: {
          200: xlsxAnswer('The workbook (attachment budget-{code}.xlsx)'),
          ...errors(400, 401, 404),
        },
      },
    },
    async (request, reply) => {
      const { filename, file } = await budget.download(request.user!, Number(request.params.code));
      return reply.header('content-type', XLSX_CONTENT_TYPE).header('content-disposition', `attachment; filename="${filename}"`).send(file);
    },
  );
};
