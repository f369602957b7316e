import { SYSTEM_ROLES } from '@imprest/domain';
import { createTestApp, DIALECTS, type TestApp } from '../../../test-support/app';
import { authHeaders, signIn } from '../../../test-support/http';
import { approvedRequest, loopCaller } from '../../../test-support/retirements';
import { readXlsx } from '../../../test-support/xlsx-reader';

const FINANCE = new Set(['finance_officer', 'executive_secretary', 'director']);
const REPORTS = [
  'budget-vs-actual',
  'outstanding',
  'turnaround',
  'download/budget-vs-actual',
  'download/outstanding',
  'download/turnaround',
];

/** The reports are for finance; a record's history for finance and for its owner; each role tried. */
describe.each(DIALECTS)('reports and history access (%s)', (dialect) => {
  let t: TestApp;
  let requestId: number;
  let budgetId: number;
  const ids: Record<string, number> = {};
  const tokens: Record<string, string> = {};
  const get = (role: string, url: string) => t.app.inject({ method: 'GET', url: `/api/v1/${url}`, headers: authHeaders(tokens[role]!) });

  beforeAll(async () => {
    t = await createTestApp(dialect);
    for (const role of SYSTEM_ROLES) {
      const { token, user } = await signIn(t.app, `${role}@example.org`);
      [tokens[role], ids[role]] = [token, user.id];
    }
    const staff = await loopCaller(t.app, 'staff@example.org');
    requestId = await approvedRequest(staff, [
      await loopCaller(t.app, 'finance_officer@example.org'),
      await loopCaller(t.app, 'executive_secretary@example.org'),
    ]);
    budgetId = (await t.app.db.selectFrom('budget_codes').select('id').where('code', '=', 6101).executeTakeFirstOrThrow()).id;
  });
  afterAll(() => t.close());

  it.each(SYSTEM_ROLES)('%s: reports only with finance permission (404 otherwise, as every finance route)', async (role) => {
    for (const report of REPORTS) {
      const answer = await get(role, `reports/${report}`);
      expect([report, answer.statusCode]).toEqual([report, FINANCE.has(role) ? 200 : 404]);
      if (answer.statusCode === 404) expect(answer.json().code).toBe('NOT_FOUND');
    }
  });

  it('each download is a workbook holding the report', async () => {
    const answer = await get('director', 'reports/download/outstanding');
    expect(answer.headers['content-type']).toContain('spreadsheetml');
    const { rows } = readXlsx(answer.rawPayload);
    expect(rows[0]![0]!.value).toBe('APPROVAL NUMBER');
    const number = (await t.app.db.selectFrom('requests').select('approval_number').where('id', '=', requestId).executeTakeFirstOrThrow())
      .approval_number!;
    expect(rows.map((row) => row[0]?.value)).toContain(number);
  });

  it.each(SYSTEM_ROLES)("%s: a request's, a code's and a user's history for finance; staff their own", async (role) => {
    const owner = role === 'staff';
    const finance = FINANCE.has(role);
    expect((await get(role, `history/request/${requestId}`)).statusCode).toBe(finance || owner ? 200 : 404);
    expect((await get(role, `history/budget/${budgetId}`)).statusCode).toBe(finance ? 200 : 404);
    expect((await get(role, `history/user/${ids[role]}`)).statusCode).toBe(200);
    expect((await get(role, `history/user/${ids[role === 'staff' ? 'admin' : 'staff']}`)).statusCode).toBe(finance ? 200 : 404);
    expect((await get(role, 'history/request/999999')).statusCode).toBe(404);
  });

  it('a history entry says who, what, and each changed field by its label', async () => {
    const { history } = (await get('staff', `history/request/${requestId}`)).json();
    expect(history.map((h: { action_label: string }) => h.action_label)).toEqual(['Accepted', 'Accepted', 'Created']);
    const approval = history[0];
    expect(approval.actor_name).toBe('Faraji Mollel');
    expect(approval.changes).toEqual(
      expect.arrayContaining([{ field: 'current_status', label: 'Status', before: 'Under Review', after: 'Approved' }]),
    );
    expect(approval.changes.some((c: { field: string }) => c.field.endsWith('_id') || c.field === 'step.id')).toBe(false);
  });
});
