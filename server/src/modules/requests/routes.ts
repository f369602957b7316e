import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { RelatedRequestsAnswer } from '@imprest/domain/contract';
import type { AccessRule } from '../../access';
import { IdempotencyHeaders, callKeyOf } from '../../idempotency';
import { errors, xlsxAnswer } from '../../schemas';
import { XLSX_CONTENT_TYPE } from '../../spreadsheet';
import {
  DownloadParams,
  DownloadQuery,
  IdParams,
  ListParams,
  ListQuery,
  PageQuery,
  RequestAnswer,
  RequestBody,
  RequestDetailAnswer,
  RequestEditBody,
  RequestPageSchema,
  ReviewBody,
  SummaryQuery,
  SummarySchema,
} from './schemas';
import type { RequestService } from './service';
import { REQUESTS_DOCS } from './descriptions';
import { requestValuesOf, reviewIdOf } from './spec-payloads';

const signedIn = (tag: string): { security: Array<Record<string, string[]>>; tags: string[] } => ({
  security: [{ bearer: [] }, { token: [] }],
  tags: [tag],
});
const SUBMIT = 'requestProblems; its currency, its balance (locked); not locked';
const MODE = "role 'user' or own system role (403); requestScopeFor";

/** Thin routes: schema and permission here, rules in the service. */
export const requestRoutes: FastifyPluginAsyncTypebox<{ requests: RequestService }> = async (app, { requests }) => {
  const create = (
    url: string,
    body: typeof RequestBody | typeof RequestEditBody,
    summary: string,
    access: AccessRule[],
    objectRule: string,
  ) =>
    app.post(
      url,
      {
        config: { permission: 'authenticated', access, objectRule },
        schema: {
          ...signedIn('requests'),
          summary,
          description: body === RequestEditBody ? REQUESTS_DOCS.resubmit : REQUESTS_DOCS.submit,
          headers: IdempotencyHeaders,
          body,
          response: { 201: RequestAnswer, ...errors(400, 401, 403, 404, 409, 413) },
        },
      },
      async (request, reply) => {
        const values = requestValuesOf(request.user!, request.body, body === RequestEditBody ? ['parent_request'] : []);
        const answer = await requests.submit(request.user!, values, callKeyOf(request));
        // A replay answers with the stored status, which is always a create's 201.
        return reply.status(answer.status as 201).send(answer.body);
      },
    );
  create('/requests', RequestBody, 'Ask for money: the chain comes from the approval matrix', ['budget.use', 'file.attach'], SUBMIT);
  create(
    '/requests/request/request-edit',
    RequestEditBody,
    'Resubmit a request returned for edits as its next version; the chain starts again',
    ['request.read', 'request.resubmit', 'budget.use', 'file.attach'],
    `returned for edits; ${SUBMIT}`,
  );

  app.get(
    '/requests/request/:id',
    {
      config: { permission: 'authenticated', access: ['request.read'] },
      schema: {
        ...signedIn('requests'),
        summary: 'One request with its other versions, newest first',
        description: REQUESTS_DOCS.detail,
        params: IdParams,
        response: { 200: RequestDetailAnswer, ...errors(400, 401, 404) },
      },
    },
    async (request) => ({ data: await requests.get(request.user!, Number(request.params.id)) }),
  );

  app.get(
    '/requests/request/:id/related',
    {
      config: {
        permission: 'authenticated',
        access: ['request.read'],
        objectRule:
          "the owner's latest, not rejected, same code, last 30 organisation days; count and total of all, rows request.read allows",
      },
      schema: {
        ...signedIn('requests'),
        summary: "The owner's other requests on the same budget code in the last 30 days, their total and the band it reaches",
        params: IdParams,
        response: { 200: RelatedRequestsAnswer, ...errors(400, 401, 404) },
      },
    },
    async (request) => ({ data: await requests.related(request.user!, Number(request.params.id)) }),
  );

  app.get(
    '/requests/summary/:id',
    {
      config: { permission: 'authenticated', access: ['caller'], objectRule: 'role, if sent, own system role (403)' },
      schema: {
        ...signedIn('requests'),
        summary: "The home tiles: the caller's own requests, or with ?role what concerns that role",
        description: REQUESTS_DOCS.summary,
        params: IdParams,
        querystring: SummaryQuery,
        response: { 200: SummarySchema, ...errors(400, 401, 403) },
      },
    },
    async (request) => requests.summary(request.user!, Number(request.params.id), request.query.role),
  );

  app.get(
    '/requests/download/:role',
    {
      config: { permission: 'authenticated', access: ['caller', 'request.read'], objectRule: MODE },
      schema: {
        ...signedIn('requests'),
        summary: 'The requests the list of that mode shows, as an .xlsx named after the caller',
        description: REQUESTS_DOCS.download,
        params: DownloadParams,
        querystring: DownloadQuery,
        response: {
          200: xlsxAnswer("The workbook (attachment '<fullname> requests.xlsx')"),
          ...errors(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const { disposition, file } = await requests.download(request.user!, request.params.role, Number(request.query.id));
      return reply.header('content-type', XLSX_CONTENT_TYPE).header('content-disposition', disposition).send(file);
    },
  );

  app.get(
    '/requests/:role/pending/:userId',
    {
      config: { permission: 'authenticated', access: ['caller', 'request.read'], objectRule: 'role own system role (403); not own' },
      schema: {
        ...signedIn('requests'),
        summary: "Latest requests whose next step is the caller's role, oldest first",
        description: REQUESTS_DOCS.pending,
        params: ListParams,
        querystring: PageQuery,
        response: { 200: RequestPageSchema, ...errors(400, 401, 403) },
      },
    },
    async (request) => requests.pending(request.user!, { role: request.params.role, userId: Number(request.params.userId) }, request.query),
  );

  app.get(
    '/requests/:role/:userId',
    {
      config: { permission: 'authenticated', access: ['caller', 'request.read'], objectRule: MODE },
      schema: {
        ...signedIn('requests'),
        summary: 'One page of latest requests, newest first: own (user) or what the role sees (admin mode)',
        description: REQUESTS_DOCS.list,
        params: ListParams,
        querystring: ListQuery,
        response: { 200: RequestPageSchema, ...errors(400, 401, 403) },
      },
    },
    async (request) => requests.list(request.user!, { role: request.params.role, userId: Number(request.params.userId) }, request.query),
  );

  app.put(
    '/reviews',
    {
      config: { permission: 'authenticated', access: ['request.read', 'request.review'] },
      schema: {
        ...signedIn('requests'),
        summary: 'Approve, reject or return the first pending step of a request, as the caller',
        description: REQUESTS_DOCS.review,
        body: ReviewBody,
        response: { 200: RequestAnswer, ...errors(400, 401, 403, 404, 409, 413) },
      },
    },
    async (request) => {
      const { request_id, status, comments } = request.body;
      return { data: await requests.review(request.user!, { request_id, review_id: reviewIdOf(request.body), status, comments }) };
    },
  );
};
