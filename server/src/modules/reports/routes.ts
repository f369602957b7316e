import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { BudgetVsActualSchema, OutstandingSchema, TurnaroundSchema } from '@imprest/domain/contract';
import { errors, xlsxAnswer } from '../../schemas';
import { XLSX_CONTENT_TYPE } from '../../spreadsheet';
import { TURNAROUND_MONTHS_MAX } from './period';
import type { ReportService } from './service';

const signedIn: { security: Array<Record<string, string[]>>; tags: string[] } = {
  security: [{ bearer: [] }, { token: [] }],
  tags: ['reports'],
};
const strict = { additionalProperties: false } as const;
const DateRange = Type.Object(
  {
    from: Type.Optional(Type.String({ description: 'YYYY-MM-DD; default 1 January of this year' })),
    to: Type.Optional(Type.String({ description: 'YYYY-MM-DD; default 31 December of this year' })),
  },
  strict,
);
const MonthRange = Type.Object(
  {
    from: Type.Optional(Type.String({ description: 'YYYY-MM; default eleven months before this one' })),
    to: Type.Optional(Type.String({ description: `YYYY-MM; default this month; from to to at most ${TURNAROUND_MONTHS_MAX} months` })),
  },
  strict,
);
const Paging = Type.Object(
  {
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
    per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
  },
  strict,
);
const ReportParams = Type.Object(
  { report: Type.Union([Type.Literal('budget-vs-actual'), Type.Literal('outstanding'), Type.Literal('turnaround')]) },
  strict,
);
const DownloadQuery = Type.Object({ from: Type.Optional(Type.String()), to: Type.Optional(Type.String()) }, strict);
const config = { permission: 'finance', access: ['report.read'] } as const;

/** The finance reports: JSON for the screen,.xlsx for the same numbers. */
export const reportRoutes: FastifyPluginAsyncTypebox<{ reports: ReportService }> = async (app, { reports }) => {
  app.get(
    '/reports/budget-vs-actual',
    {
      config,
      schema: {
        ...signedIn,
        summary: 'Budget vs actual per code and rolled up, for expenditure dates in a period (finance permission)',
        querystring: DateRange,
        response: { 200: BudgetVsActualSchema, ...errors(400, 401, 404) },
      },
    },
    async (request) => reports.budget(request.user!, request.query),
  );

  app.get(
    '/reports/outstanding',
    {
      config,
      schema: {
        ...signedIn,
        summary: 'Approved money not yet accounted for, aged past its due date, oldest first (finance permission)',
        querystring: Paging,
        response: { 200: OutstandingSchema, ...errors(400, 401, 404) },
      },
    },
    async (request) => reports.advances(request.user!, request.query),
  );

  app.get(
    '/reports/turnaround',
    {
      config,
      schema: {
        ...signedIn,
        summary: "Submission to approval and each step's wait per month, and requests per month by purpose and status (finance permission)",
        querystring: MonthRange,
        response: { 200: TurnaroundSchema, ...errors(400, 401, 404) },
      },
    },
    async (request) => reports.approvals(request.user!, request.query),
  );

  app.get(
    '/reports/download/:report',
    {
      config,
      schema: {
        ...signedIn,
        summary: 'One report as an .xlsx workbook (finance permission); from/to as the report takes them',
        params: ReportParams,
        querystring: DownloadQuery,
        response: { 200: xlsxAnswer('The workbook (attachment {report}.xlsx)'), ...errors(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const { filename, file } = await reports.download(request.user!, request.params.report, request.query);
      return reply.header('content-type', XLSX_CONTENT_TYPE).header('content-disposition', `attachment; filename="${filename}"`).send(file);
    },
  );
};
