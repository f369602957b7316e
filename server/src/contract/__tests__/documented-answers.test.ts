import { JOURNAL_ACCOUNT_KEYS } from '@imprest/domain';
import { DEMO_PASSWORD } from '../../db/seed';
import { createTestApp, DIALECTS, type TestApp } from '../../test-support/app';
import { budgetBody } from '../../test-support/budget';
import { watchAnswers, type CheckedAnswer } from '../../test-support/documented-answers';
import { uploadTestFile } from '../../test-support/files';
import { jsonCaller, signIn } from '../../test-support/http';
import { dateFromToday, requestBody } from '../../test-support/requests';

/**
 * Real answers match the schemas the served OpenAPI document gives them. Every call of
 * the API is made once or more, with successes and refusals, and every JSON answer is checked
 * against the document's schema for its operation and status.
 */
describe.each(DIALECTS)('answers match the OpenAPI document (%s)', (dialect) => {
  let t: TestApp;
  let seen: CheckedAnswer[];
  beforeAll(async () => {
    t = await createTestApp(dialect);
    seen = await watchAnswers(t.app);
  });
  afterAll(() => t.close());

  const as = async (email: string) => {
    const { token, user } = await signIn(t.app, email);
    return { token, id: user.id, call: jsonCaller(t.app, token) };
  };

  it('walks every call and finds each answer as documented', async () => {
    const open = jsonCaller(t.app, '');
    await open('GET', 'health');
    await open('POST', 'users/authenticate', { email: 'staff@example.org', password: 'wrong' });
    await open('POST', 'forgot-password', { email: 'staff@example.org' });
    await open('POST', 'forgot-password/validate', { token: 'nope', email: 'staff@example.org', password: 'a-new-pass-2026' });
    await open('POST', 'users/confirm-email', { token: 'nope' });
    await open('GET', 'users/validate-token');

    const director = await as('director@example.org');
    const finance = await as('finance_officer@example.org');
    const secretary = await as('executive_secretary@example.org');
    const staff = await as('staff@example.org');

    // users
    await director.call('GET', 'users/validate-token');
    const made = (
      await director.call('POST', 'users', [
        {
          fullname: 'Asha Said',
          department: 'outreach',
          phone_number: '0755000111',
          email: 'asha@example.org',
          role: 'staff',
          system_role: 'staff',
        },
      ])
    ).json().users[0];
    await director.call('POST', 'users', [
      { fullname: '', department: 'x', phone_number: '1', email: 'bad', role: 'staff', system_role: 'staff' },
    ]);
    await director.call('GET', 'users/department/all/director?page=1');
    await director.call('GET', `users/${made.id}`);
    await director.call('PUT', 'users', { user_id: made.id, phone_number: '0755000112' });
    await director.call('POST', 'users/restrict', { user_id: made.id, lock_status: true });
    await staff.call('PUT', 'users/settings', { settings: '{"mute_notification":true}', user_id: staff.id });
    await director.call('DELETE', `users/${made.id}`);
    await director.call('GET', 'users/0');

    // approval and rates
    const bands = (await director.call('GET', 'approval-matrix')).json().data.bands;
    await director.call('PUT', 'approval-matrix', { bands });
    const rates = (await finance.call('GET', 'exchange-rates')).json().data.rates;
    await finance.call('PUT', 'exchange-rates', { rates: { ...rates, usd: 2500 } }); // 403: the director's
    await director.call('PUT', 'exchange-rates', { rates: { ...rates, usd: 2500 } });

    // budget
    const budget = (await finance.call('POST', 'budget', budgetBody({ code: 6140, name: 'Answers check' }))).json().data;
    await finance.call('GET', 'budget?page=1');
    await finance.call('GET', 'budget/codes');
    await finance.call('GET', 'budget/6101');
    await finance.call('GET', 'budget/6101/balance?amount=1000');
    await finance.call('PUT', 'budget', { id: budget.id, current_status: 'archived' });
    await finance.call('GET', 'budget/download/6101');
    await finance.call('POST', 'budget/remove', { id: budget.id });
    await staff.call('POST', 'budget', budgetBody());

    // files, requests, reviews
    const receipt = await uploadTestFile(t.app, staff.token, 'invoice.pdf', Buffer.from('%PDF-1.4 invoice'));
    const link = (await staff.call('GET', `files/presigned-get-url?file_name=${receipt}`)).json().url as string;
    await t.app.inject({ url: link.replace(/^https?:\/\/[^/]+/, '') });
    await staff.call('GET', 'files/presigned-get-url?file_name=nobody/else.pdf');
    const request = (
      await staff.call('POST', 'requests', requestBody({ file_paths: [receipt], expenditure_date: dateFromToday(3) }))
    ).json().data;
    await staff.call('POST', 'requests', { purpose: 'travel' });
    await finance.call('GET', `requests/request/${request.id}/related`);
    await finance.call('GET', 'requests/request/99999999/related');
    const step = (await finance.call('GET', `requests/request/${request.id}`)).json().data.reviews[0];
    await finance.call('PUT', 'reviews', { id: step.id, request_id: request.id, status: 'request_edit', comments: 'Add the receipt' });
    const returned = (await staff.call('GET', `requests/request/${request.id}`)).json().data;
    const version2 = (await staff.call('POST', 'requests/request/request-edit', { ...returned, parent_request: returned.id })).json().data;
    await finance.call('GET', `requests/finance_officer/pending/${finance.id}`);
    for (const reviewer of [finance, secretary]) {
      const pending = (await reviewer.call('GET', `requests/request/${version2.id}`))
        .json()
        .data.reviews.find((r: { status: string }) => r.status === 'pending');
      await reviewer.call('PUT', 'reviews', { id: pending.id, request_id: version2.id, status: 'approved', comments: '' });
    }
    await staff.call('GET', `requests/user/${staff.id}?page=1`);
    await staff.call('GET', `requests/summary/${staff.id}`);
    await staff.call('GET', `requests/download/user?id=${staff.id}`);
    // the advance's payout: a part, one refused for the own request, one over what is left
    const payout = { request_id: version2.id, amount: 1000, date: dateFromToday(0), method: 'cheque', reference: '004512' };
    await finance.call('POST', 'requests/payout', payout);
    await staff.call('POST', 'requests/payout', payout);
    await finance.call('POST', 'requests/payout', { ...payout, amount: 10_000_000 });

    // retirements
    const retirement = (await finance.call('POST', 'retirement/attach-retirement', { data: { id: version2.id } })).json().data;
    await staff.call('POST', 'retirement/user-submit', {
      id: retirement.id,
      comments: 'Spent',
      amount_spent: 1000,
      amount_currency: 'tzs',
      file_paths: [await uploadTestFile(t.app, staff.token, 'receipt.pdf', Buffer.from('%PDF-1.4 receipt'))],
    });
    await finance.call('GET', `retirement/pending/finance_officer/${finance.id}`);
    const first = (await finance.call('GET', `retirement/${retirement.id}`))
      .json()
      .data.reviews.find((r: { status: string }) => r.status === 'pending');
    await finance.call('POST', 'retirement/review', {
      id: retirement.id,
      review_id: first.id,
      status: 'rejected',
      comments: 'Receipt missing',
    });
    await staff.call('POST', 'retirement/request-edit', { id: retirement.id });
    await staff.call('GET', 'retirement/requests?limit=15&page=1');
    await staff.call('GET', `retirement/download/user?id=${staff.id}`);
    // a settlement: another advance retired with 1,000 unspent, approved, then recorded once
    const advance = (await staff.call('POST', 'requests', requestBody({ amount_requested: 5000 }))).json().data;
    for (const reviewer of [finance, secretary]) {
      const step = (await reviewer.call('GET', `requests/request/${advance.id}`))
        .json()
        .data.reviews.find((r: { status: string }) => r.status === 'pending');
      await reviewer.call('PUT', 'reviews', { id: step.id, request_id: advance.id, status: 'approved', comments: '' });
    }
    const toSettle = (await finance.call('POST', 'retirement/attach-retirement', { data: { id: advance.id } })).json().data;
    await staff.call('POST', 'retirement/user-submit', {
      id: toSettle.id,
      comments: '',
      amount_spent: 4000,
      amount_currency: 'tzs',
      file_paths: [await uploadTestFile(t.app, staff.token, 'receipt.pdf', Buffer.from('%PDF-1.4 receipt'))],
    });
    for (const reviewer of [finance, secretary]) {
      const step = (await reviewer.call('GET', `retirement/${toSettle.id}`))
        .json()
        .data.reviews.find((r: { status: string }) => r.status === 'pending');
      await reviewer.call('POST', 'retirement/review', { id: toSettle.id, review_id: step.id, status: 'approved', comments: '' });
    }
    const settlement = { id: toSettle.id, amount: 1000, date: dateFromToday(0), method: 'cash' };
    await staff.call('POST', 'retirement/settle', settlement);
    await finance.call('POST', 'retirement/settle', { ...settlement, amount: 1 });
    await finance.call('POST', 'retirement/settle', settlement);
    await finance.call('POST', 'retirement/settle', settlement);
    await finance.call('GET', `retirement/${toSettle.id}`);
    // journals: the mapping (a bad code refused), the preview, a refused and a taken download
    const today = dateFromToday(0);
    const journal = `journals/download?from=${today}&to=${today}&currency=tzs&format=xero`;
    await finance.call('GET', 'journals/accounts');
    await finance.call('GET', journal);
    await finance.call('PUT', 'journals/accounts', { accounts: [{ key: 'staff_advances', code: '11,50' }] });
    await finance.call('PUT', 'journals/accounts', { accounts: JOURNAL_ACCOUNT_KEYS.map((key) => ({ key, code: '1150' })) });
    await finance.call('GET', `journals?from=${today}&to=${today}`);
    await finance.call('GET', journal);
    await staff.call('GET', 'journals');
    // statements: a bank statement showing the cheque paid above, its reconciliation, the confirmation; refused as staff
    const cheque = `Date,Details,Reference,Amount\n${today},CHEQUE PAID,004512,"-1,000.00"\n`;
    const columns = { date: 'Date', details: 'Details', reference: 'Reference', amount: 'Amount' };
    const chequeFile = await uploadTestFile(t.app, finance.token, 'statement.csv', Buffer.from(cheque));
    await finance.call('POST', 'statements', {
      source: 'bank',
      account: 'NMB',
      file_key: chequeFile,
      columns: { ...columns, debit: 'Debit' },
    });
    const statement = (await finance.call('POST', 'statements', { source: 'bank', account: 'NMB', file_key: chequeFile, columns })).json()
      .data;
    await finance.call('GET', 'statements');
    const { matched } = (await finance.call('GET', `statements/${statement.id}`)).json().data;
    const match = { line_id: matched[0].line.id, record_kind: 'payout', record_id: matched[0].record.id };
    await finance.call('POST', 'statements/confirm', match);
    await finance.call('POST', 'statements/confirm', match);
    await finance.call('GET', 'statements/999999');
    await staff.call('GET', 'statements');

    // reports and history
    await finance.call('GET', 'reports/budget-vs-actual');
    await finance.call('GET', 'reports/outstanding?page=1');
    await finance.call('GET', 'reports/turnaround');
    await finance.call('GET', 'reports/download/outstanding');
    await staff.call('GET', 'reports/outstanding');
    await finance.call('GET', `history/request/${version2.id}`);
    await staff.call('GET', `history/user/${staff.id}`);
    await staff.call('GET', `history/budget/6101`);
    // delegation, the review queue, bulk accept and a mailed review link
    const delegation = (
      await director.call('POST', 'delegations', { delegate_id: secretary.id, starts_on: dateFromToday(1), ends_on: dateFromToday(2) })
    ).json().data;
    await director.call('POST', 'delegations', { delegate_id: director.id, starts_on: dateFromToday(1), ends_on: dateFromToday(2) });
    await secretary.call('GET', 'delegations');
    await director.call('POST', `delegations/${delegation.id}/end`);
    await director.call('POST', `delegations/${delegation.id}/end`);
    const mailedFrom = Number(
      (
        await t.app.db
          .selectFrom('outbox')
          .select((eb) => eb.fn.max('id').as('id'))
          .executeTakeFirst()
      )?.id ?? 0,
    );
    const linked = (await staff.call('POST', 'requests', requestBody({ expenditure_date: dateFromToday(3) }))).json().data;
    const mail = await t.app.db
      .selectFrom('outbox')
      .select('text_body')
      .where('id', '>', mailedFrom)
      .where('to_address', '=', 'finance_officer@example.org')
      .executeTakeFirstOrThrow();
    const token = /review-action\?token=([\w-]+)/.exec(mail.text_body)![1];
    await open('GET', `review-links/${token}`);
    await open('POST', `review-links/${token}`, { status: 'approved' });
    await open('POST', `review-links/${token}`, { status: 'approved' });
    await secretary.call('GET', 'reviews/queue');
    await secretary.call('GET', 'reviews/queue/requests');
    await staff.call('GET', 'organization/settings');
    await director.call('PUT', 'organization/settings', { review_reminder_days: 5 });
    await director.call('PUT', 'organization/settings', { review_reminder_days: 61 });
    await finance.call('PUT', 'organization/settings', { review_reminder_days: 5 });
    await secretary.call('POST', 'reviews/bulk-accept', { request_ids: [linked.id, request.id] });
    await staff.call('POST', 'users/logout');
    await signIn(t.app, 'staff@example.org', DEMO_PASSWORD);
    await (await as('staff@example.org')).call('POST', 'users/logout-everywhere');

    const wrong = seen.filter((answer) => answer.problems.length > 0);
    expect(wrong).toEqual([]);
    const answered = new Set(seen.filter((a) => a.status < 300).map((a) => a.operation));
    const document = (await t.app.inject({ url: '/api/docs/json' })).json() as { paths: Record<string, object> };
    const operations = Object.entries(document.paths).flatMap(([url, methods]) =>
      Object.keys(methods).map((m) => `${m.toUpperCase()} ${url}`),
    );
    // these need a link from an e-mail or a readiness probe another test owns (the unsubscribe page: mail-parts.test.ts)
    const elsewhere = [
      'POST /api/v1/forgot-password/validate',
      'POST /api/v1/users/confirm-email',
      'GET /api/v1/health/ready',
      'GET /api/v1/unsubscribe/{token}',
      'POST /api/v1/unsubscribe/{token}',
    ];
    expect(operations.filter((op) => !answered.has(op) && !elsewhere.includes(op))).toEqual([]);
  }, 60_000);
});
