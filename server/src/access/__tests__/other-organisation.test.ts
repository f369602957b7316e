import type { SystemRole } from '@imprest/domain';
import { DIRECTORS_ONLY_SETTINGS } from '../../modules/organization-settings/routes';
import { createTestApp, DIALECTS, type TestApp } from '../../test-support/app';
import { budgetApi, budgetBody } from '../../test-support/budget';
import { authHeaders, jsonCaller, signIn } from '../../test-support/http';
import { act, reviewer, submitted } from '../../test-support/delegations';
import { dateFromToday } from '../../test-support/requests';
import { approvedRequest, loopCallers } from '../../test-support/retirements';
import { awaitingOf, lend } from '../../test-support/review-queue';
import { addOrganization, addUser } from '../../test-support/users';
import { readXlsx } from '../../test-support/xlsx-reader';

/**
 * The calls this work added — retirements, reports, history, delegations, the review queue and the
 * organisation settings — as people of another organisation: nothing of the first organisation, in
 * status or in rows, and nothing of it changed.
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
    const approvalNumber = (await staff.requests.get(requestId)).json().data.approval_number as string;
    // what the other organisation's searches below must not find, found here
    expect((await finance.requests.list('finance_officer', finance.id, 'search=kilimanjaro')).json().total).toBe(1);
    await staff.retirements.submit({
      id: retirement.id,
      comments: 'x',
      amount_spent: 10,
      amount_currency: 'tzs',
      file_paths: [await staff.receipt()],
    });

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
      // a search by the supplier (the text index's candidates span organisations), a short one (a scan), the code, the number
      for (const term of ['kilimanjaro', 'ki', '6101', approvalNumber]) {
        const search = `search=${encodeURIComponent(term)}`;
        expect({ term, ...(await get(`requests/${role}/${user.id}?${search}`)).json() }).toMatchObject({ term, requests: [], total: 0 });
        expect({ term, ...(await get(`retirement/requests?role=${role}&${search}`)).json() }).toMatchObject({
          term,
          retirements: [],
          total: 0,
        });
      }
      expect((await get('reports/outstanding')).json()).toMatchObject({ total: { count: 0, amount: 0 } });
      // the download reads its rows apart from the report, a piece at a time: none of them the first organisation's
      const { rows } = readXlsx((await get('reports/download/outstanding')).rawPayload);
      expect(rows[0]![0]!.value).toBe('APPROVAL NUMBER');
      expect(rows.map((row) => row[0]?.value)).not.toContain(approvalNumber);
      const actual = (await get('reports/budget-vs-actual')).json();
      expect(JSON.stringify(actual)).not.toContain('Office supplies');
      expect((await get('delegations')).json()).toMatchObject({ delegations: [], total: 0 });
    }
  });

  it("offers none of the first organisation's requests to review, and reads and writes only the caller's own settings", async () => {
    // Organisation 1 (the demo): a request at the finance officer and one at the executive secretary.
    const [staff, finance] = [await reviewer(t.app, 'staff@example.org'), await reviewer(t.app, 'finance_officer@example.org')];
    const home = { atFinance: (await submitted(staff)).id, atSecretary: (await submitted(staff)).id };
    expect((await act(finance, { id: home.atSecretary })).statusCode).toBe(200);
    // Another organisation with the same roles, its own code 6101 and the same two requests; its finance
    // officer lends their role to its director, so the delegated path is walked too.
    const other = await addOrganization(t.app, 'Third Org');
    const roles: SystemRole[] = ['staff', 'finance_officer', 'executive_secretary', 'director'];
    for (const role of roles) {
      const position = role === 'staff' || role === 'director' ? role : 'admin';
      await addUser(t.app, {
        email: `${role}@third.example`,
        fullname: `Third ${role}`,
        organization_id: other,
        system_role: role,
        role: position,
      });
    }
    const [theirStaff, theirFinance, theirSecretary, theirDirector] = await Promise.all(
      roles.map((role) => reviewer(t.app, `${role}@third.example`)),
    );
    const code = await budgetApi(t.app, (await signIn(t.app, 'finance_officer@third.example')).token).create(budgetBody({ code: 6101 }));
    expect(code.statusCode).toBe(201);
    const theirs = { atFinance: (await submitted(theirStaff)).id, atSecretary: (await submitted(theirStaff)).id };
    expect((await act(theirFinance, { id: theirs.atSecretary })).statusCode).toBe(200);
    await lend(t.app, 'finance_officer@third.example', theirDirector.id);

    // Each side is offered its own rows (so the lists are not empty), the other side none of the first's.
    expect((await awaitingOf(t.app, 'finance_officer@example.org')).ids).toContain(home.atFinance);
    expect((await awaitingOf(t.app, 'executive_secretary@example.org')).ids).toContain(home.atSecretary);
    for (const [email, offered, onBehalfOf] of [
      ['finance_officer@third.example', theirs.atFinance, null],
      ['executive_secretary@third.example', theirs.atSecretary, null],
      ['director@third.example', theirs.atFinance, 'Third finance_officer'],
    ] as const) {
      const queue = await awaitingOf(t.app, email);
      const rows = queue.rows.map((r) => ({ id: r.id, owner: r.request_owner_id, for: r.on_behalf_of_name }));
      expect({ email, status: queue.status, rows }).toEqual({
        email,
        status: 200,
        rows: [{ id: offered, owner: theirStaff.id, for: onBehalfOf }],
      });
    }
    const count = (await jsonCaller(t.app, (await signIn(t.app, 'finance_officer@third.example')).token)('GET', 'reviews/queue')).json();
    expect(count).toMatchObject({ waiting: 1, oldest: { request_id: theirs.atFinance } });
    // Accepting the first organisation's request from the other one: not found, and still awaiting its secretary.
    expect((await theirSecretary.bulkAccept({ request_ids: [home.atSecretary] })).json()).toEqual({
      results: [{ request_id: home.atSecretary, ok: false, error: 'Not found', code: 'NOT_FOUND' }],
    });
    expect((await awaitingOf(t.app, 'executive_secretary@example.org')).ids).toContain(home.atSecretary);

    // Settings: organisation 1 keeps 9 days; the other organisation reads its own (the default 3), and its
    // director's change lands on it alone.
    const as = async (email: string) => jsonCaller(t.app, (await signIn(t.app, email)).token);
    const [director, theirFinanceCalls] = [await as('director@example.org'), await as('finance_officer@third.example')];
    expect((await director('PUT', 'organization/settings', { review_reminder_days: 9 })).json()).toEqual({
      data: { review_reminder_days: 9, receipt_exempt_below: 0 },
    });
    for (const role of roles) {
      const read = await (await as(`${role}@third.example`))('GET', 'organization/settings');
      expect({ role, status: read.statusCode, body: read.json() }).toEqual({
        role,
        status: 200,
        body: { data: { review_reminder_days: 3, receipt_exempt_below: 0 } },
      });
    }
    const refused = await theirFinanceCalls('PUT', 'organization/settings', { review_reminder_days: 20 });
    expect([refused.statusCode, refused.json().error]).toEqual([403, DIRECTORS_ONLY_SETTINGS]);
    const saved = await (await as('director@third.example'))('PUT', 'organization/settings', { review_reminder_days: 17 });
    expect([saved.statusCode, saved.json()]).toEqual([200, { data: { review_reminder_days: 17, receipt_exempt_below: 0 } }]);
    expect((await theirFinanceCalls('GET', 'organization/settings')).json()).toEqual({
      data: { review_reminder_days: 17, receipt_exempt_below: 0 },
    });
    for (const email of ['director@example.org', 'staff@example.org']) {
      expect({ email, body: (await (await as(email))('GET', 'organization/settings')).json() }).toEqual({
        email,
        body: { data: { review_reminder_days: 9, receipt_exempt_below: 0 } },
      });
    }
    const audit = await t.app.db
      .selectFrom('audit_log')
      .select(['organization_id', 'entity_id', 'after_json'])
      .where('entity', '=', 'organization')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect({ ...audit, after_json: JSON.parse(audit.after_json!) }).toEqual({
      organization_id: other,
      entity_id: String(other),
      after_json: { review_reminder_days: 17 },
    });
  });
});
