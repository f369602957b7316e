import { createTestApp, DIALECTS, type TestApp } from '../../../test-support/app';
import { signIn } from '../../../test-support/http';
import { dateFromToday } from '../../../test-support/requests';
import { approvedRequest, loopCallers } from '../../../test-support/retirements';
import { fixtureStatement, recordPayout, statementsApi } from '../../../test-support/statements';
import { addOrganization, addUser, rowCounts } from '../../../test-support/users';

const REFUSED = [
  'staff@example.org',
  'admin@example.org',
  'petty_cash_custodian@example.org',
  'stem_park_manager@example.org',
  'board_chairman@example.org',
];

/**
 * Statements are finance's: every other role is refused each call, whoever holds finance
 * permission in another organisation sees and changes nothing of this one, and each import and
 * confirmation is audited (reconcile.test.ts counts them).
 */
describe.each(DIALECTS)('statement calls as every role and from another organisation (%s)', (dialect) => {
  let t: TestApp;
  let statementId: number, lineId: number, payoutId: number, fileKey: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    const { staff, finance, secretary } = await loopCallers(t.app);
    const request = await approvedRequest(staff, [finance, secretary], { amount_requested: 150_000 });
    payoutId = await recordPayout(t, finance, {
      request_id: request,
      amount: 150_000,
      date: dateFromToday(0),
      method: 'mobile_money',
      network: 'mpesa',
      reference: 'RKT4H7X2QA',
      phone: '0754 123 456',
    });
    const api = statementsApi(t.app, finance.token);
    fileKey = await api.upload(fixtureStatement('mpesa-organisation-statement.csv', dateFromToday(-5)));
    const imported = await api.import({ source: 'mpesa', file_key: fileKey });
    expect(imported.statusCode).toBe(201);
    statementId = imported.json().data.id;
    lineId = (await api.get(statementId)).json().data.unmatched_lines[0].id;
  });
  afterAll(() => t.close());

  const written = () => rowCounts(t.app, ['statements', 'statement_lines', 'statement_accounts', 'audit_log']);

  it.each(REFUSED)('refuses %s every call with 403', async (email) => {
    const before = await written();
    const { token } = await signIn(t.app, email);
    const api = statementsApi(t.app, token);
    const own = await api.upload(fixtureStatement('mpesa-organisation-statement.csv', dateFromToday(-5)));
    const answers = [
      await api.import({ source: 'mpesa', file_key: own }),
      await api.list(),
      await api.get(statementId),
      await api.confirm({ line_id: lineId, record_kind: 'payout', record_id: payoutId }),
    ];
    expect(answers.map((a) => [a.statusCode, a.json()])).toEqual(
      Array(4).fill([403, { error: 'Only finance reconciles statements', code: 'FORBIDDEN' }]),
    );
    expect(await written()).toEqual(before);
  });

  it('lets the executive secretary and the director, who hold finance permission, read it', async () => {
    for (const email of ['executive_secretary@example.org', 'director@example.org']) {
      const { token } = await signIn(t.app, email);
      expect((await statementsApi(t.app, token).get(statementId)).statusCode).toBe(200);
    }
  });

  it("shows another organisation's finance nothing of it and lets them change nothing", async () => {
    const other = await addOrganization(t.app, 'Other Org');
    await addUser(t.app, { email: 'fo@other.example', organization_id: other, system_role: 'finance_officer', role: 'admin' });
    const { token } = await signIn(t.app, 'fo@other.example');
    const api = statementsApi(t.app, token);
    const before = await written();
    expect((await api.get(statementId)).json()).toEqual({ error: 'Not found', code: 'NOT_FOUND' });
    expect((await api.confirm({ line_id: lineId, record_kind: 'payout', record_id: payoutId })).json()).toEqual({
      error: 'Not found',
      code: 'NOT_FOUND',
    });
    expect((await api.list()).json()).toEqual({ statements: [], accounts: [] });
    // the first organisation's upload is not theirs to import
    expect((await api.import({ source: 'mpesa', file_key: fileKey })).json()).toEqual({
      error: `File ${fileKey} is not one of your uploads`,
      code: 'BAD_REQUEST',
    });
    expect(await written()).toEqual(before);

    // their own copy of the same statement is theirs: stored for them, matching none of the first's records
    const mine = await api.import({
      source: 'mpesa',
      file_key: await api.upload(fixtureStatement('mpesa-organisation-statement.csv', dateFromToday(-5))),
    });
    expect(mine.json().data).toMatchObject({ lines: 13, added: 13 });
    const view = (await api.get(mine.json().data.id)).json().data;
    expect([view.matched, view.ambiguous, view.unmatched_records]).toEqual([[], [], []]);
    expect((await api.confirm({ line_id: view.unmatched_lines[0].id, record_kind: 'payout', record_id: payoutId })).statusCode).toBe(404);
  });
});
