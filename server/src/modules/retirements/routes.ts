import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SETTLEMENT_MESSAGES } from '@imprest/domain';
import { Type } from '@sinclair/typebox';
import { IdempotencyHeaders, callKeyOf } from '../../idempotency';
import { errors, xlsxAnswer } from '../../schemas';
import { XLSX_CONTENT_TYPE } from '../../spreadsheet';
import {
  AttachBody,
  DownloadParams,
  DownloadQuery,
  IdParams,
  ListQuery,
  PendingParams,
  ReopenBody,
  RetirementAnswer,
  RetirementDetailAnswer,
  RetirementPage,
  ReviewBody,
  SettleBody,
  SubmitBody,
} from './schemas';
import type { RetirementService } from './service';

const signedIn: { security: Array<Record<string, string[]>>; tags: string[] } = {
  security: [{ bearer: [] }, { token: [] }],
  tags: ['retirements'],
};
const MODE = "role absent or 'user' (own) or own system role (403); requestScopeFor";

/** Thin routes: schema, permission and access rules here, the rules themselves in the services. */
export const retirementRoutes: FastifyPluginAsyncTypebox<{ retirements: RetirementService }> = async (app, { retirements }) => {
  app.post(
    '/retirement/attach-retirement',
    {
      config: { permission: 'finance', access: ['request.read', 'retirement.attach'] },
      schema: {
        ...signedIn,
        summary:
          'Request Retirement: create the pending retirement of an approved request (finance permission); due the later of its expenditure and approval dates',
        headers: IdempotencyHeaders,
        body: AttachBody,
        response: { 201: RetirementAnswer, ...errors(400, 401, 404, 409, 413) },
      },
    },
    async (request, reply) => {
      const answer = await retirements.attach(request.user!, request.body.data.id, callKeyOf(request));
      return reply.status(answer.status as 201).send(answer.body);
    },
  );

  app.post(
    '/retirement/user-submit',
    {
      config: {
        permission: 'authenticated',
        access: ['request.read', 'retirement.submit', 'file.attach'],
        objectRule:
          'pending (409); the request currency; money spent needs a document unless below the organisation receipt exemption (400); spent above the advance needs comments (400) and room in the code (409 BUDGET_EXCEEDED); not locked out of it: submitting lifts an overdue lock',
      },
      schema: {
        ...signedIn,
        summary:
          "The owner accounts for the money: amount spent (the request's currency), comments and receipts; the request's chain reviews it",
        body: SubmitBody,
        response: { 200: RetirementAnswer, ...errors(400, 401, 403, 404, 409, 413) },
      },
    },
    async (request) => ({ data: await retirements.submit(request.user!, request.body) }),
  );

  app.post(
    '/retirement/review',
    {
      config: {
        permission: 'admin',
        access: ['request.read', 'retirement.review'],
        objectRule: 'Reject needs a comment; the final Accept reserves the excess in the code (409 BUDGET_EXCEEDED)',
      },
      schema: {
        ...signedIn,
        summary:
          'Accept or reject the first pending step of the retirement (reviewer_* fields are accepted and ignored: the reviewer is the caller)',
        body: ReviewBody,
        response: { 200: RetirementAnswer, ...errors(400, 401, 403, 404, 409, 413) },
      },
    },
    async (request) => ({ data: await retirements.review(request.user!, { ...request.body, comments: request.body.comments ?? '' }) }),
  );

  app.post(
    '/retirement/settle',
    {
      config: {
        permission: 'finance',
        // said, not hidden as 404: the answer is the same for every retirement, so it reveals none
        forbidden: SETTLEMENT_MESSAGES.financeOnly,
        access: ['request.read', 'retirement.settle'],
        objectRule:
          'approved (409), not yet settled (409), a difference to settle (409); the amount exactly the difference, the reference per method, the day within bounds (400)',
      },
      schema: {
        ...signedIn,
        summary:
          "Record, once, how the difference of an approved retirement moved: returned by the owner or reimbursed to them (finance permission, never on one's own request)",
        body: SettleBody,
        response: { 200: RetirementAnswer, ...errors(400, 401, 403, 404, 409, 413) },
      },
    },
    async (request) => ({ data: await retirements.settle(request.user!, request.body) }),
  );

  app.post(
    '/retirement/request-edit',
    {
      config: { permission: 'authenticated', access: ['request.read', 'retirement.submit'], objectRule: 'rejected (409)' },
      schema: {
        ...signedIn,
        summary: 'Request to Resubmit: the owner reopens a rejected retirement; the rejected submission stays as history',
        body: ReopenBody,
        response: { 200: RetirementAnswer, ...errors(400, 401, 403, 404, 409, 413) },
      },
    },
    async (request) => ({ data: await retirements.reopen(request.user!, request.body.id) }),
  );

  app.get(
    '/retirement/requests',
    {
      config: { permission: 'authenticated', access: ['caller', 'request.read'], objectRule: MODE },
      schema: {
        ...signedIn,
        summary: 'One page of retirements (15 by default, as limit), newest first',
        querystring: ListQuery,
        response: { 200: RetirementPage, ...errors(400, 401, 403) },
      },
    },
    async (request) => retirements.list(request.user!, request.query),
  );

  app.get(
    '/retirement/pending/:role/:userId',
    {
      config: { permission: 'authenticated', access: ['caller', 'request.read'], objectRule: 'role own system role (403); not own' },
      schema: {
        ...signedIn,
        summary: "Retirements whose first pending step is the caller's role, oldest first",
        params: PendingParams,
        querystring: Type.Object(
          {
            page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
            limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
          },
          { additionalProperties: false },
        ),
        response: { 200: RetirementPage, ...errors(400, 401, 403) },
      },
    },
    async (request) =>
      retirements.pending(request.user!, { role: request.params.role, userId: Number(request.params.userId) }, request.query),
  );

  app.get(
    '/retirement/download/:role',
    {
      config: { permission: 'authenticated', access: ['caller', 'request.read'], objectRule: MODE },
      schema: {
        ...signedIn,
        summary: 'The retirements the list of that mode shows, as an .xlsx named after the caller',
        params: DownloadParams,
        querystring: DownloadQuery,
        response: { 200: xlsxAnswer('The workbook (attachment "<full name> retirements.xlsx")'), ...errors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { disposition, file } = await retirements.download(request.user!, request.params.role, request.query.id);
      return reply.header('content-type', XLSX_CONTENT_TYPE).header('content-disposition', disposition).send(file);
    },
  );

  app.get(
    '/retirement/:id',
    {
      config: { permission: 'authenticated', access: ['request.read'] },
      schema: {
        ...signedIn,
        summary: 'One retirement with its earlier submissions',
        params: IdParams,
        response: { 200: RetirementDetailAnswer, ...errors(400, 401, 404) },
      },
    },
    async (request) => ({ data: await retirements.get(request.user!, Number(request.params.id)) }),
  );
};
