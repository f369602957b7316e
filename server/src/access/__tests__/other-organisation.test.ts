import { createTestApp, DIALECTS, type TestApp } from '../../test-support/app';
import { authHeaders, signIn } from '../../test-support/http';
import { reviewer } from '../../test-support/delegations';
import { dateFromToday } from '../../test-support/requests';
import { approvedRequest, loopCallers } from '../../test-support/retirements';
import { addOrganization, addUser } from '../../test-support/users';

/**
 * The calls this work added — retirements, reports, history, delegations — as a director and a
 * finance officer of another organisation: nothing of the first organisation, in status or in rows.
 */
describe.each(DIALECTS)("another organisation's records (%s)", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('answers 404 for each record and leaves every list and report without its rows', async () => {
    const { staff, finance, secretary } = await loopCallers(t.app);
    const requestId = await approvedRequest(staff, [finance, secretary]);
    const retirement = (await finance.retirements.attach(requestId)).json().data;
    await staff.retirements.submit({ id: retirement.id, comments: 'x', amount_spent: 10, amount_currency: 'tzs', file_paths: [] });

    const admin = await reviewer(t.app, 'admin@example.org');
    expect(
      (
        await (
          await reviewer(t.app, 'finance_officer@example.org')
        ).delegate({ delegate_id: admin.id, starts_on: dateFromToday(0), ends_on: dateFromToday(1) })
      ).statusCode,
    ).toBe(201);
    const other = await addOrganization(t.app, 'Other Org');
    for (const [email, role] of [
      ['fo@other.example', 'finance_officer'],
      ['dir@other.example', 'director'],
    ] as const) {
      await addUser(t.app, { email, organization_id: other, system_role: role, role: role === 'director' ? 'director' : 'admin' });
      const { token, user } = await signIn(t.app, email);
      const get = async (url: string) => t.app.inject({ method: 'GET', url: `/api/v1/${url}`, headers: authHeaders(token) });
      const post = async (url: string, payload: object) =>
        t.app.inject({ method: 'POST', url: `/api/v1/${url}`, headers: authHeaders(token), payload });
      for (const url of [
        `retirement/${retirement.id}`,
        `requests/request/${requestId}`,
        `history/request/${requestId}`,
        `history/retirement/${retirement.id}`,
        `history/user/${staff.id}`,
        'history/budget/6101',
      ]) {
        expect({ url, status: (await get(url)).statusCode }).toEqual({ url, status: 404 });
      }
      expect((await post('retirement/attach-retirement', { data: { id: requestId } })).statusCode).toBe(404);
      expect((await post('retirement/review', { id: retirement.id, review_id: 1, status: 'approved', comments: '' })).statusCode).toBe(404);
      expect((await post('retirement/request-edit', { id: retirement.id })).statusCode).toBe(404);
      expect((await get(`retirement/requests?role=${role}&limit=100`)).json()).toMatchObject({ retirements: [], total: 0 });
      expect((await get(`retirement/pending/${role}/${user.id}`)).json()).toMatchObject({ retirements: [], total: 0 });
      expect((await get('reports/outstanding')).json()).toMatchObject({ total: { count: 0, amount: 0 } });
      const actual = (await get('reports/budget-vs-actual')).json();
      expect(JSON.stringify(actual)).not.toContain('Office supplies');
      expect((await get('delegations')).json()).toMatchObject({ delegations: [], total: 0 });
    }
  });
});
