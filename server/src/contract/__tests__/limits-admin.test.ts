import {
  APPROVAL_BANDS_MAX,
  BAND_DESCRIPTION_MAX,
  BAND_LABEL_MAX,
  BAND_REVIEWERS_MAX,
  BUDGET_AMOUNT_MAX,
  BUDGET_DESCRIPTION_MAX,
  BUDGET_NAME_MAX,
  DELEGATION_NOTE_MAX,
  EMAIL_MAX_LENGTH,
  EXCHANGE_RATE_MAX,
  FULLNAME_MAX_LENGTH,
  RECEIPT_EXEMPTION_MAX_TZS,
  RECEIPT_EXEMPTION_PROBLEM,
  REVIEW_REMINDER_DAYS_MAX,
  REVIEW_REMINDER_DAYS_PROBLEM,
  UPLOAD_NAME_INPUT_MAX,
  type ApprovalBand,
} from '@imprest/domain';
import { BAD_KEY, IDEMPOTENCY_KEY_MAX } from '../../idempotency';
import { approvalCounts } from '../../test-support/approval';
import { createTestApp, DIALECTS, type TestApp } from '../../test-support/app';
import { budgetBody, budgetCounts } from '../../test-support/budget';
import { jsonCaller, signIn } from '../../test-support/http';
import { checkLimits, text, textCase, type LimitCase } from '../../test-support/limits';
import { dateFromToday } from '../../test-support/requests';
import { rowCounts } from '../../test-support/users';

type Caller = ReturnType<typeof jsonCaller>;

/** `count` valid bands, each from the last one's end, the last open-ended. */
const bands = (count: number, change: Partial<ApprovalBand> = {}): ApprovalBand[] =>
  Array.from({ length: count }, (_, i) => ({
    start_value: i * 1_000_000,
    end_value: i === count - 1 ? null : (i + 1) * 1_000_000,
    description: `Band ${i + 1}`,
    user_role: `B${i + 1}`,
    reviewers: ['finance_officer', 'executive_secretary'],
    cascading_notification: false,
    ...(i === 0 && change),
  }));

const user = (change: Record<string, unknown>) => [
  {
    fullname: 'Neema Mushi',
    department: 'outreach',
    phone_number: '0755000123',
    email: 'neema@example.org',
    role: 'staff',
    system_role: 'staff',
    ...change,
  },
];

/**
 * The budget, approval matrix, rate, user, delegation and upload limits as the server enforces
 * them, each written once in the domain: one past it is a 400 naming it that writes nothing, the
 * limit itself is taken, and the served OpenAPI document states the same number.
 */
describe.each(DIALECTS)('budget, matrix, user, delegation and file limits (%s)', (dialect) => {
  let t: TestApp;
  let director: Caller;
  let finance: Caller;
  let secretaryId: number;
  let code = 6150;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    director = jsonCaller(t.app, (await signIn(t.app, 'director@example.org')).token);
    finance = jsonCaller(t.app, (await signIn(t.app, 'finance_officer@example.org')).token);
    secretaryId = (await signIn(t.app, 'executive_secretary@example.org')).user.id;
  });
  afterAll(() => t.close());

  const document = async () => (await t.app.inject({ url: '/api/docs/json' })).json();
  const at = (path: string, field: string[], keyword: string, limit: unknown, method = 'post') =>
    [method, `/api/v1/${path}`, field, keyword, limit] as LimitCase['documented'];
  // each accepted code needs a code of its own
  const newBudget = (change: Record<string, unknown>) => finance('POST', 'budget', budgetBody({ code: (code += 1), ...change }));
  const budgets = () => budgetCounts(t.app);
  const matrix = () => approvalCounts(t.app);
  const saveBands = (value: unknown) => director('PUT', 'approval-matrix', { bands: value });

  checkLimits(
    () => [
      textCase({
        name: 'POST budget name',
        send: (value) => newBudget({ name: value }),
        path: 'name',
        limit: BUDGET_NAME_MAX,
        documented: at('budget', ['name'], 'maxLength', BUDGET_NAME_MAX),
        written: budgets,
      }),
      textCase({
        name: 'POST budget description',
        send: (value) => newBudget({ description: value }),
        path: 'description',
        limit: BUDGET_DESCRIPTION_MAX,
        documented: at('budget', ['description'], 'maxLength', BUDGET_DESCRIPTION_MAX, 'put'),
        written: budgets,
      }),
      {
        name: 'POST budget amount',
        send: (value) => newBudget({ amount: value }),
        at: BUDGET_AMOUNT_MAX,
        past: BUDGET_AMOUNT_MAX + 0.01,
        message: 'body.amount: must be at most 1,000,000,000,000',
        documented: at('budget', ['amount'], 'maximum', BUDGET_AMOUNT_MAX),
        written: budgets,
      },
      {
        name: 'PUT approval-matrix bands',
        send: saveBands,
        at: bands(APPROVAL_BANDS_MAX),
        past: bands(APPROVAL_BANDS_MAX + 1),
        message: `body.bands: must list at most ${APPROVAL_BANDS_MAX} items`,
        documented: at('approval-matrix', ['bands'], 'maxItems', APPROVAL_BANDS_MAX, 'put'),
        written: matrix,
      },
      textCase({
        name: 'PUT approval-matrix band label',
        send: (value) => saveBands(bands(2, { user_role: value as string })),
        path: 'bands.0.user_role',
        limit: BAND_LABEL_MAX,
        fill: 'L',
        documented: at('approval-matrix', ['bands', '[]', 'user_role'], 'maxLength', BAND_LABEL_MAX, 'put'),
        written: matrix,
      }),
      textCase({
        name: 'PUT approval-matrix band description',
        send: (value) => saveBands(bands(2, { description: value as string })),
        path: 'bands.0.description',
        limit: BAND_DESCRIPTION_MAX,
        documented: at('approval-matrix', ['bands', '[]', 'description'], 'maxLength', BAND_DESCRIPTION_MAX, 'put'),
        written: matrix,
      }),
      {
        name: 'PUT approval-matrix band reviewers',
        send: (value) => saveBands(bands(2, { reviewers: value as ApprovalBand['reviewers'] })),
        at: ['finance_officer', 'executive_secretary', 'director'],
        past: ['petty_cash_custodian', 'finance_officer', 'executive_secretary', 'director'],
        message: `body.bands.0.reviewers: must list at most ${BAND_REVIEWERS_MAX} items`,
        documented: at('approval-matrix', ['bands', '[]', 'reviewers'], 'maxItems', BAND_REVIEWERS_MAX, 'put'),
        written: matrix,
      },
      {
        name: 'PUT exchange-rates rate',
        send: (value) => director('PUT', 'exchange-rates', { rates: { usd: value } }),
        at: EXCHANGE_RATE_MAX,
        past: EXCHANGE_RATE_MAX + 0.01,
        message: 'body.rates.usd: must be at most 1,000,000',
        written: matrix,
      },
      {
        name: 'POST users fullname (named by its row)',
        send: (value) => director('POST', 'users', user({ fullname: value, email: `n${String(value).length}@example.org` })),
        at: text(FULLNAME_MAX_LENGTH, 'n'),
        past: text(FULLNAME_MAX_LENGTH + 1, 'n'),
        message: `Row 1: fullname must be at most ${FULLNAME_MAX_LENGTH} characters`,
        documented: at('users', ['[]', 'fullname'], 'maxLength', FULLNAME_MAX_LENGTH),
        written: () => rowCounts(t.app),
      },
      {
        name: 'POST users email',
        send: (value) => director('POST', 'users', user({ email: value })),
        at: `${text(EMAIL_MAX_LENGTH - '@example.org'.length, 'e')}@example.org`,
        past: `${text(EMAIL_MAX_LENGTH + 1 - '@example.org'.length, 'e')}@example.org`,
        message: `Row 1: email must be at most ${EMAIL_MAX_LENGTH} characters`,
        documented: at('users', ['[]', 'email'], 'maxLength', EMAIL_MAX_LENGTH),
        written: () => rowCounts(t.app),
      },
      textCase({
        name: 'POST delegations note',
        send: (value) =>
          director('POST', 'delegations', {
            delegate_id: secretaryId,
            starts_on: dateFromToday(1),
            ends_on: dateFromToday(2),
            note: value,
          }),
        path: 'note',
        limit: DELEGATION_NOTE_MAX,
        documented: at('delegations', ['note'], 'maxLength', DELEGATION_NOTE_MAX),
        written: () => rowCounts(t.app, ['delegations', 'audit_log']),
      }),
      {
        name: 'GET files/presigned-post-url file_name',
        send: (value) => finance('GET', `files/presigned-post-url?file_name=${value}`),
        at: `${text(UPLOAD_NAME_INPUT_MAX - 4, 'f')}.pdf`,
        past: `${text(UPLOAD_NAME_INPUT_MAX - 3, 'f')}.pdf`,
        message: `querystring.file_name: must be at most ${UPLOAD_NAME_INPUT_MAX} characters`,
        written: () => rowCounts(t.app, ['files']),
      },
      {
        name: 'PUT organization/settings review_reminder_days (its one sentence)',
        send: (value) => director('PUT', 'organization/settings', { review_reminder_days: value }),
        at: REVIEW_REMINDER_DAYS_MAX,
        past: REVIEW_REMINDER_DAYS_MAX + 1,
        message: REVIEW_REMINDER_DAYS_PROBLEM,
        documented: at('organization/settings', ['review_reminder_days'], 'x-refusal', REVIEW_REMINDER_DAYS_PROBLEM, 'put'),
        written: () => rowCounts(t.app, ['audit_log']),
      },
      {
        name: 'PUT organization/settings receipt_exempt_below (its one sentence)',
        send: (value) => director('PUT', 'organization/settings', { receipt_exempt_below: value }),
        at: RECEIPT_EXEMPTION_MAX_TZS,
        past: RECEIPT_EXEMPTION_MAX_TZS + 0.01,
        message: RECEIPT_EXEMPTION_PROBLEM,
        documented: at('organization/settings', ['receipt_exempt_below'], 'x-refusal', RECEIPT_EXEMPTION_PROBLEM, 'put'),
        written: () => rowCounts(t.app, ['audit_log']),
      },
      {
        name: 'POST budget Idempotency-Key (its one sentence)',
        send: (value) => finance('POST', 'budget', budgetBody({ code: (code += 1) }), { 'idempotency-key': value as string }),
        at: text(IDEMPOTENCY_KEY_MAX, 'k'),
        past: text(IDEMPOTENCY_KEY_MAX + 1, 'k'),
        message: BAD_KEY,
        written: budgets,
      },
    ],
    document,
  );
});
