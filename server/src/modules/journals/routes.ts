import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  JournalAccountsBody,
  JournalAccountsSchema,
  JournalDownloadQuery,
  JournalPeriodQuery,
  JournalPreviewSchema,
} from '@imprest/domain/contract';
import { errors, fileAnswer } from '../../schemas';
import { XLSX_CONTENT_TYPE } from '../../spreadsheet';
import type { JournalService } from './service';

const signedIn: { security: Array<Record<string, string[]>>; tags: string[] } = {
  security: [{ bearer: [] }, { token: [] }],
  tags: ['journals'],
};
// the journals read every payout, retirement and settlement of the organisation, as the reports do
const config = { permission: 'finance', access: ['report.read'] } as const;

/** A journal download: Xero's CSV (a zip of CSVs past 300 lines), QuickBooks' CSV or an .xlsx. */
const journalFileAnswer = (() => {
  const description = 'The journal file (attachment journal-{currency}-{from}-{to}[-xero|-quickbooks].csv, .zip or .xlsx)';
  const binary = { schema: { type: 'string', format: 'binary' } };
  const answer = fileAnswer('text/csv', description);
  return { ...answer, content: { 'text/csv': binary, 'application/zip': binary, [XLSX_CONTENT_TYPE]: binary } };
})();

/** The journal export: the account mapping, a period's preview and its files (finance permission). */
export const journalRoutes: FastifyPluginAsyncTypebox<{ journals: JournalService }> = async (app, { journals }) => {
  app.get(
    '/journals/accounts',
    {
      config,
      schema: {
        ...signedIn,
        summary: 'The accounts finance maps and their codes (finance permission)',
        response: { 200: JournalAccountsSchema, ...errors(401, 404) },
      },
    },
    async (request) => journals.accounts(request.user!),
  );

  app.put(
    '/journals/accounts',
    {
      config: { ...config, objectRule: 'accountCodeProblem on each code (400)' },
      schema: {
        ...signedIn,
        summary: "Replace the organisation's account mapping; a key left out or sent as '' is unmapped (finance permission, audited)",
        body: JournalAccountsBody,
        response: { 200: JournalAccountsSchema, ...errors(400, 401, 404, 413) },
      },
    },
    async (request) => journals.saveAccounts(request.user!, request.body),
  );

  app.get(
    '/journals',
    {
      config,
      schema: {
        ...signedIn,
        summary:
          "A period's double-entry journals, one per currency, with totals, unmapped accounts and earlier exports (finance permission)",
        querystring: JournalPeriodQuery,
        response: { 200: JournalPreviewSchema, ...errors(400, 401, 404) },
      },
    },
    async (request) => journals.preview(request.user!, request.query),
  );

  app.get(
    '/journals/download',
    {
      config: {
        ...config,
        objectRule: 'journalProblem: entries, every account mapped, balanced; a period exported before needs again=true (409)',
      },
      schema: {
        ...signedIn,
        summary:
          "One currency's journal for a period as Xero's or QuickBooks Online's import CSV or an .xlsx (finance permission, recorded and audited)",
        querystring: JournalDownloadQuery,
        response: { 200: journalFileAnswer, ...errors(400, 401, 404, 409) },
      },
    },
    async (request, reply) => {
      const file = await journals.download(request.user!, request.query);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .send(file.body);
    },
  );
};
