import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { STATEMENT_MESSAGES } from '@imprest/domain';
import {
  ConfirmMatchAnswer,
  ConfirmMatchBody,
  ReconciliationAnswer,
  StatementImportAnswer,
  StatementImportBody,
  StatementListAnswer,
} from '@imprest/domain/contract';
import { errors, PathId } from '../../schemas';
import type { StatementService } from './service';

const finance: { security: Array<Record<string, string[]>>; tags: string[] } = {
  security: [{ bearer: [] }, { token: [] }],
  tags: ['statements'],
};

/** Statement reconciliation: finance-permission users of the statement's organisation only. */
export const statementRoutes: FastifyPluginAsyncTypebox<{ statements: StatementService }> = async (app, { statements }) => {
  app.post(
    '/statements',
    {
      config: {
        permission: 'finance',
        forbidden: STATEMENT_MESSAGES.notFinance,
        access: ['organization', 'file.attach'],
        objectRule: "the caller's own uploaded CSV; every line readable (400 naming the line); lines stored once per organisation",
      },
      schema: {
        ...finance,
        summary: 'Import an uploaded M-Pesa or bank statement (CSV); lines an earlier import stored are not stored again',
        body: StatementImportBody,
        response: { 201: StatementImportAnswer, ...errors(400, 401, 403) },
      },
    },
    async (request, reply) => reply.status(201).send({ data: await statements.import(request.user!, request.body) }),
  );

  app.get(
    '/statements',
    {
      config: { permission: 'finance', forbidden: STATEMENT_MESSAGES.notFinance, access: ['organization'] },
      schema: {
        ...finance,
        summary: "The organisation's last 50 statement imports and the bank accounts' columns",
        response: { 200: StatementListAnswer, ...errors(401, 403) },
      },
    },
    async (request) => statements.list(request.user!),
  );

  app.get(
    '/statements/:id',
    {
      config: { permission: 'finance', forbidden: STATEMENT_MESSAGES.notFinance, access: ['organization'] },
      schema: {
        ...finance,
        summary: "A statement's reconciliation: matched, ambiguous, unmatched records and lines, reconciled",
        params: Type.Object({ id: PathId() }, { additionalProperties: false }),
        response: { 200: ReconciliationAnswer, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => statements.reconciliation(request.user!, request.params.id),
  );

  app.post(
    '/statements/confirm',
    {
      config: {
        permission: 'finance',
        forbidden: STATEMENT_MESSAGES.notFinance,
        access: ['organization'],
        objectRule: 'confirmProblem: same direction and amount; line completed and unreconciled, record unreconciled (409)',
      },
      schema: {
        ...finance,
        summary: 'Confirm that a statement line proves a payout or settlement: the record is reconciled with it',
        body: ConfirmMatchBody,
        response: { 200: ConfirmMatchAnswer, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => statements.confirm(request.user!, request.body),
  );
};
