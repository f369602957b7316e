import { REQUEST_MESSAGES } from '@imprest/domain';
import { createTestApp, DIALECTS, type TestApp } from '../../../test-support/app';
import { budgetApi, budgetBody } from '../../../test-support/budget';
import { signIn } from '../../../test-support/http';
import {
  dateFromToday,
  lastMailId,
  mailsSince,
  requestBody,
  requestCounts,
  requestsApi,
  type RequestsApi,
} from '../../../test-support/requests';
import { addUser } from '../../../test-support/users';
import { ACCOUNT_LOCKED, unusableCode } from '../submit-request';

describe.each(DIALECTS)('POST requests (%s)', (dialect) => {
  let t: TestApp;
  let staff: RequestsApi;
  let staffId: number;
  const committedOn = async (code: number) =>
    (await budgetApi(t.app, (await signIn(t.app, 'finance_officer@example.org')).token).get(code)).json().data;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const session = await signIn(t.app, 'staff@example.org');
    staff = requestsApi(t.app, session.token);
    staffId = session.user.id;
  });
  afterAll(() => t.close());

  it('creates version 1 for the caller with a band B chain, commits the amount, audits, mails the first step and tells the organisation', async () => {
    const told = jest.spyOn(t.app.realtime.events, 'requestUpdated');
    const mailId = await lastMailId(t.app);
    const before = (await committedOn(6101)).committed;
    const response = await staff.create(requestBody({ name_of_establishment: '  Kilimanjaro Express ' }));
    expect(response.statusCode).toBe(201);
    const data = response.json().data;
    expect(data).toMatchObject({
      request_owner_id: staffId,
      request_owner_name: 'Neema Mushi',
      department: 'engineering',
      name_of_establishment: 'Kilimanjaro Express',
      amount_requested: 1_250_000.5,
      budget_code: 6101,
      budget_name: 'Office supplies',
      version: 1,
      is_latest: true,
      parent_request: null,
      current_status: 'pending',
      next_reviewer_role: 'finance_officer',
      band: 'B',
      approval_number: null,
      file_paths: [],
    });
    expect(
      data.reviews.map((r: { position: number; reviewer_role: string; status: string; user_id: number }) => [
        r.position,
        r.reviewer_role,
        r.status,
        r.user_id,
      ]),
    ).toEqual([
      [0, 'finance_officer', 'pending', staffId],
      [1, 'executive_secretary', 'pending', staffId],
    ]);
    const stored = await t.app.db.selectFrom('requests').selectAll().where('id', '=', data.id).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ amount_requested: 125_000_050, root_request_id: data.id, organization_id: 1 });
    expect((await committedOn(6101)).committed).toBe(before + 1_250_000.5);

    const audit = await t.app.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', 'request')
      .where('entity_id', '=', String(data.id))
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'create', actor_id: staffId });
    expect(JSON.parse(audit[0].before_json!)).toBeNull();
    expect(JSON.parse(audit[0].after_json!)).toMatchObject({
      amount_requested: 1_250_000.5,
      chain: ['finance_officer', 'executive_secretary'],
    });

    const mails = await mailsSince(t.app, mailId);
    expect(mails.map((m) => m.to_address)).toEqual(['finance_officer@example.org']);
    expect(mails[0].subject).toBe('Request to review: Travel request of TZS 1,250,000.50 by Neema Mushi');
    expect(mails[0].text_body).toContain(`http://imprest.test/dashboard/view-request/${data.id}`);
    expect(told).toHaveBeenCalledWith(1, data.id);
    told.mockRestore();
  });

  it('gives 150,000,000 TZS and more the band A chain (director last)', async () => {
    const data = (await staff.create(requestBody({ budget_code: 8205, amount_requested: 150_000_000 }))).json().data;
    expect(data.band).toBe('A');
    expect(data.reviews.map((r: { reviewer_role: string }) => r.reviewer_role)).toEqual([
      'finance_officer',
      'executive_secretary',
      'director',
    ]);
  });

  it('converts other currencies with the exchange rates before choosing the band', async () => {
    const finance = budgetApi(t.app, (await signIn(t.app, 'finance_officer@example.org')).token);
    expect((await finance.create(budgetBody({ amount_currency: 'usd', amount: 100_000, code: 6110 }))).statusCode).toBe(201);
    const usd = requestBody({ budget_code: 6110, amount_currency: 'usd', amount_requested: 60_000 });
    const before = await requestCounts(t.app);
    const noRate = await staff.create(usd);
    expect(noRate.json()).toEqual({
      error: "This request cannot be routed for approval: no exchange rate for currency 'usd'",
      code: 'BAD_REQUEST',
    });
    expect(await requestCounts(t.app)).toEqual(before);

    await t.app.db
      .insertInto('exchange_rates')
      .values({ organization_id: 1, currency: 'usd', rate: 250_000, modified_by: null, modified_at: new Date().toISOString() })
      .execute();
    expect((await staff.create(usd)).json().data).toMatchObject({
      band: 'A',
      amount_currency: 'usd',
      next_reviewer_role: 'finance_officer',
    });
    expect((await staff.create({ ...usd, amount_requested: 39_999.99 })).json().data.band).toBe('B');
  });

  it("passes the owner's own step up the sequence when nobody else holds the role", async () => {
    const finance = requestsApi(t.app, (await signIn(t.app, 'finance_officer@example.org')).token);
    const data = (await finance.create(requestBody())).json().data;
    expect(data.reviews.map((r: { reviewer_role: string }) => r.reviewer_role)).toEqual(['executive_secretary', 'director']);
    expect(data.next_reviewer_role).toBe('executive_secretary');
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['an unknown purpose', { purpose: 'holiday' }, 'body.purpose: must be one of travel, accomodation,'],
    ["a mode that is not the purpose's", { mode_of_service: 'hotel' }, 'Mode "hotel" is not one of publicTransport'],
    ['a date before today', { expenditure_date: dateFromToday(-1) }, 'The expenditure date cannot be before today'],
    ['an impossible date', { expenditure_date: '2026-02-30' }, 'Expenditure date must be a date written YYYY-MM-DD'],
    ['an amount of 0', { amount_requested: 0 }, 'Amount must be greater than 0'],
    ['three decimals', { amount_requested: 10.555 }, 'Amount must be a number with at most 2 decimals'],
    ['an empty supplier, named as the form labels it', { name_of_establishment: ' ' }, 'Name of Transporter is required'],
    ['an unknown payment mode', { payment_mode: 'card' }, 'body.payment_mode: must be one of cash, bank_transfer, cheque'],
    ['a currency other than the code’s', { amount_currency: 'usd' }, REQUEST_MESSAGES.currencyDiffers],
    ['more than the balance', { amount_requested: 25_000_000 }, REQUEST_MESSAGES.overBalance],
    ['an unknown code', { budget_code: 6199 }, unusableCode(6199)],
    ['a file that is not an upload', { file_paths: ['abc1234receipt.pdf'] }, 'File abc1234receipt.pdf is not one of your uploads'],
    ['a property neither SPEC nor the answers know', { approved_by: 'me' }, 'body.approved_by: Unexpected property'],
    ['an amount sent as text', { amount_requested: '100' }, 'body.amount_requested: Expected number'],
  ])('refuses %s with 400 and writes nothing', async (_name, change, message) => {
    const before = await requestCounts(t.app);
    const response = await staff.create(requestBody(change));
    expect(response.statusCode).toBe(400);
    // more than the balance has a code of its own; every other bad value is a BAD_REQUEST
    expect(response.json().code).toBe(message === REQUEST_MESSAGES.overBalance ? 'REQUEST_OVER_BALANCE' : 'BAD_REQUEST');
    expect(response.json().error).toContain(message);
    expect(await requestCounts(t.app)).toEqual(before);
  });

  it('refuses an archived code and one of another department as unusable', async () => {
    const finance = budgetApi(t.app, (await signIn(t.app, 'finance_officer@example.org')).token);
    const archived = (await finance.create(budgetBody({ code: 6111 }))).json().data;
    await finance.update({ id: archived.id, current_status: 'archived' });
    await finance.create(budgetBody({ code: 6112, department: 'finance' }));
    const before = await requestCounts(t.app);
    for (const code of [6111, 6112])
      expect((await staff.create(requestBody({ budget_code: code }))).json()).toEqual({ error: unusableCode(code), code: 'BAD_REQUEST' });
    expect(await requestCounts(t.app)).toEqual(before);
  });

  it('refuses a locked user with 403 and writes nothing', async () => {
    await addUser(t.app, { email: 'locked@example.org', is_locked: 1, lock_reason: 'overdue' });
    const locked = requestsApi(t.app, (await signIn(t.app, 'locked@example.org')).token);
    const before = await requestCounts(t.app);
    expect((await locked.create(requestBody())).json()).toEqual({ error: ACCOUNT_LOCKED, code: 'ACCOUNT_LOCKED' });
    expect(await requestCounts(t.app)).toEqual(before);
  });

  it('does not mail a reviewer who muted notifications', async () => {
    await t.app.db
      .updateTable('users')
      .set({ settings: '{"mute_notification":true}' })
      .where('email', '=', 'finance_officer@example.org')
      .execute();
    const mailId = await lastMailId(t.app);
    expect((await staff.create(requestBody({ amount_requested: 10 }))).statusCode).toBe(201);
    expect(await mailsSince(t.app, mailId)).toEqual([]);
    await t.app.db
      .updateTable('users')
      .set({ settings: '{"mute_notification":false}' })
      .where('email', '=', 'finance_officer@example.org')
      .execute();
  });

  it('answers anonymous callers 401', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/requests', payload: requestBody() });
    expect(response.statusCode).toBe(401);
  });
});
