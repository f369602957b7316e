import {
  BULK_ACCEPT_MAX,
  REQUEST_FILES_MAX,
  REQUEST_JUSTIFICATION_MAX,
  REQUEST_PURPOSES,
  REQUEST_SUPPLIER_MAX,
  RETIREMENT_COMMENTS_MAX,
  RETIREMENT_FILES_MAX,
  REVIEW_COMMENTS_MAX,
} from '@imprest/domain';
import { createTestApp, DIALECTS, type TestApp } from '../../test-support/app';
import { uploadTestFile } from '../../test-support/files';
import { jsonCaller } from '../../test-support/http';
import { checkLimits, text, textCase, type LimitCase } from '../../test-support/limits';
import { requestBody, requestCounts } from '../../test-support/requests';
import { approvedRequest, loopCallers, pendingStep, type LoopCallers } from '../../test-support/retirements';
import { rowCounts } from '../../test-support/users';

/**
 * The request, review and retirement limits as the server enforces them, each written once in the
 * domain: one character or item past it is a 400 naming the limit that writes nothing, the limit
 * itself is taken, and the served OpenAPI document states the same number.
 */
describe.each(DIALECTS)('request, review and retirement limits (%s)', (dialect) => {
  let t: TestApp;
  let who: LoopCallers;
  let uploads: string[];
  let retirementId: number;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    who = await loopCallers(t.app);
    uploads = [];
    for (let i = 0; i <= RETIREMENT_FILES_MAX; i += 1)
      uploads.push(await uploadTestFile(t.app, who.staff.token, `receipt-${i}.pdf`, Buffer.from(`%PDF-1.4 ${i}`)));
    const approved = await approvedRequest(who.staff, [who.finance, who.secretary], { amount_requested: 1000 });
    retirementId = (await who.finance.retirements.attach(approved)).json().data.id;
  });
  afterAll(() => t.close());

  const requestWith = (change: Record<string, unknown>) => who.staff.requests.create(requestBody({ amount_requested: 1000, ...change }));
  const newRequest = async () => (await requestWith({})).json().data as { id: number; reviews: Array<{ id: number }> };
  const requests = () => requestCounts(t.app);
  const bulkAccept = (payload: object) => jsonCaller(t.app, who.secretary.token)('POST', 'reviews/bulk-accept', payload);
  let reviewed: { id: number; reviews: Array<{ id: number }> };
  const document = async () => (await t.app.inject({ url: '/api/docs/json' })).json();
  const body = (path: string, field: string, keyword: string, limit: unknown, method = 'post') =>
    [method, `/api/v1/${path}`, [field], keyword, limit] as LimitCase['documented'];

  checkLimits(
    () => [
      textCase({
        name: 'POST requests name_of_establishment',
        send: (value) => requestWith({ name_of_establishment: value }),
        path: 'name_of_establishment',
        limit: REQUEST_SUPPLIER_MAX,
        documented: body('requests', 'name_of_establishment', 'maxLength', REQUEST_SUPPLIER_MAX),
        written: requests,
      }),
      textCase({
        name: 'POST requests expenditure_justification',
        send: (value) => requestWith({ expenditure_justification: value }),
        path: 'expenditure_justification',
        limit: REQUEST_JUSTIFICATION_MAX,
        documented: body('requests', 'expenditure_justification', 'maxLength', REQUEST_JUSTIFICATION_MAX),
        written: requests,
      }),
      {
        name: 'POST requests file_paths',
        send: (value) => requestWith({ file_paths: value }),
        at: () => uploads.slice(0, REQUEST_FILES_MAX),
        past: () => uploads.slice(0, REQUEST_FILES_MAX + 1),
        message: `body.file_paths: must list at most ${REQUEST_FILES_MAX} items`,
        documented: body('requests/request/request-edit', 'file_paths', 'maxItems', REQUEST_FILES_MAX),
        written: requests,
      },
      {
        name: 'POST requests purpose',
        send: (value) => requestWith({ purpose: value, mode_of_service: 'other' }),
        at: 'other',
        past: 'holiday',
        message: `body.purpose: must be one of ${Object.keys(REQUEST_PURPOSES).join(', ')}`,
        documented: body(
          'requests',
          'purpose',
          'anyOf',
          Object.keys(REQUEST_PURPOSES).map((p) => ({ type: 'string', enum: [p] })),
        ),
        written: requests,
      },
      textCase({
        name: 'PUT reviews comments',
        prepare: async () => void (reviewed = await newRequest()),
        send: (value) =>
          who.finance.requests.review({ request_id: reviewed.id, review_id: reviewed.reviews[0].id, status: 'approved', comments: value }),
        path: 'comments',
        limit: REVIEW_COMMENTS_MAX,
        documented: body('reviews', 'comments', 'maxLength', REVIEW_COMMENTS_MAX, 'put'),
        written: () => rowCounts(t.app, ['reviews', 'audit_log']),
      }),
      {
        name: 'POST reviews/bulk-accept comments',
        prepare: async () => {
          reviewed = await newRequest();
          await who.finance.requests.review({
            request_id: reviewed.id,
            review_id: reviewed.reviews[0].id,
            status: 'approved',
            comments: '',
          });
        },
        send: (value) => bulkAccept({ request_ids: [reviewed.id], comments: value }),
        at: text(REVIEW_COMMENTS_MAX),
        past: text(REVIEW_COMMENTS_MAX + 1),
        message: `body.comments: must be at most ${REVIEW_COMMENTS_MAX} characters`,
        documented: body('reviews/bulk-accept', 'comments', 'maxLength', REVIEW_COMMENTS_MAX),
        written: () => rowCounts(t.app, ['reviews', 'audit_log']),
      },
      {
        name: 'POST reviews/bulk-accept request_ids',
        send: (value) => bulkAccept({ request_ids: value }),
        at: Array.from({ length: BULK_ACCEPT_MAX }, (_, i) => 900_000 + i),
        past: Array.from({ length: BULK_ACCEPT_MAX + 1 }, (_, i) => 900_000 + i),
        message: `body.request_ids: must list at most ${BULK_ACCEPT_MAX} items`,
        documented: body('reviews/bulk-accept', 'request_ids', 'maxItems', BULK_ACCEPT_MAX),
        written: requests,
      },
      {
        name: 'POST retirement/user-submit comments and file_paths',
        send: (value) =>
          who.staff.retirements.submit({ id: retirementId, amount_spent: 900, amount_currency: 'tzs', ...(value as object) }),
        at: () => ({ comments: text(RETIREMENT_COMMENTS_MAX), file_paths: uploads.slice(0, RETIREMENT_FILES_MAX) }),
        past: { comments: text(RETIREMENT_COMMENTS_MAX + 1), file_paths: [] },
        message: `body.comments: must be at most ${RETIREMENT_COMMENTS_MAX} characters`,
        documented: body('retirement/user-submit', 'comments', 'maxLength', RETIREMENT_COMMENTS_MAX),
        written: () => rowCounts(t.app, ['retirement_submissions', 'retirement_reviews', 'audit_log']),
      },
    ],
    document,
  );

  it(`refuses ${RETIREMENT_FILES_MAX + 1} receipts on a retirement and a reviewer's comment past ${REVIEW_COMMENTS_MAX}, naming each`, async () => {
    const approved = await approvedRequest(who.staff, [who.finance, who.secretary], { amount_requested: 1000 });
    const id = (await who.finance.retirements.attach(approved)).json().data.id;
    const submit = { id, amount_spent: 900, amount_currency: 'tzs', comments: 'Fuel', file_paths: uploads };
    expect((await who.staff.retirements.submit(submit)).json()).toEqual({
      error: `body.file_paths: must list at most ${RETIREMENT_FILES_MAX} items`,
      code: 'BAD_REQUEST',
    });
    expect((await who.staff.retirements.submit({ ...submit, file_paths: uploads.slice(0, 1) })).statusCode).toBe(200);
    const step = await pendingStep(who.finance.retirements, id);
    const review = (comments: string) => who.finance.retirements.review({ id, review_id: step.id, status: 'approved', comments });
    expect((await review(text(REVIEW_COMMENTS_MAX + 1))).json()).toEqual({
      error: `body.comments: must be at most ${REVIEW_COMMENTS_MAX} characters`,
      code: 'BAD_REQUEST',
    });
    expect((await review(text(REVIEW_COMMENTS_MAX))).statusCode).toBe(200);
  });
});
