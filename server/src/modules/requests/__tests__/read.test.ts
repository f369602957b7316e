import { SYSTEM_ROLES, canSeeRequest } from '@imprest/domain';
import { createTestApp, DIALECTS, type TestApp } from '../../../test-support/app';
import { chainRoleBands } from '../../../test-support/approval';
import { requestBody, requestCaller, type RequestCaller } from '../../../test-support/requests';
import { addOrganization, addUser } from '../../../test-support/users';
import { ONLY_YOUR_OWN, unknownMode } from '../read-requests';

const BANDS = chainRoleBands();

type Listed = { requests: Array<{ id: number }>; total: number };
const idsOf = (body: Listed) => body.requests.map((r) => r.id);

describe.each(DIALECTS)('reading requests (%s)', (dialect) => {
  let t: TestApp;
  const callers = new Map<string, RequestCaller>();
  const as = (name: string) => callers.get(name)!;
  const made: Record<string, number> = {};

  async function create(owner: string, change: Record<string, unknown>) {
    const response = await as(owner).api.create(requestBody(change));
    expect(response.statusCode).toBe(201);
    return response.json().data as { id: number; reviews: Array<{ id: number }> };
  }

  beforeAll(async () => {
    t = await createTestApp(dialect);
    await t.app.db
      .insertInto('approval_matrices')
      .values({ organization_id: 1, bands: JSON.stringify(BANDS), modified_by: null, modified_at: new Date().toISOString() })
      .execute();
    const other = await addOrganization(t.app, 'Elsewhere');
    await addUser(t.app, { email: 'director@elsewhere.org', organization_id: other, system_role: 'director' });
    for (const email of [...SYSTEM_ROLES.map((r) => `${r}@example.org`), 'staff2@example.org', 'director@elsewhere.org']) {
      callers.set(email.replace('@example.org', ''), await requestCaller(t.app, email));
    }
    made.pettyCash = (await create('staff', { amount_requested: 500, purpose: 'pettyCash', mode_of_service: 'other' })).id;
    made.travel = (await create('staff', { amount_requested: 2_000_000, name_of_establishment: 'Tahmeed Coach' })).id;
    made.kits = (
      await create('staff2', { amount_requested: 200_000_000, budget_code: 8205, purpose: 'kits', mode_of_service: 'product' })
    ).id;
    made.custodian = (await create('petty_cash_custodian', { amount_requested: 2_000_000 })).id;
    // Returned from petty cash and resubmitted larger: the custodian keeps seeing it through version 1's chain.
    const first = await create('staff', { amount_requested: 800, purpose: 'meals', mode_of_service: 'catering' });
    await as('petty_cash_custodian').api.review({
      request_id: first.id,
      review_id: first.reviews[0].id,
      status: 'request_edit',
      comments: 'Too little',
    });
    made.returnedV1 = first.id;
    made.resubmitted = (
      await as('staff').api.resubmit({
        ...requestBody({ amount_requested: 3_000_000, purpose: 'meals', mode_of_service: 'catering' }),
        parent_request: first.id,
      })
    ).json().data.id;
  });
  afterAll(() => t.close());

  /** The latest versions and every version, with the roles of all their versions' chains, from the database. */
  async function stored() {
    const rows = await t.app.db
      .selectFrom('requests')
      .select(['id', 'organization_id', 'request_owner_id', 'root_request_id', 'is_latest'])
      .execute();
    const steps = await t.app.db
      .selectFrom('reviews')
      .innerJoin('requests', 'requests.id', 'reviews.request_id')
      .select(['requests.root_request_id', 'reviews.reviewer_role'])
      .execute();
    const chainOf = (root: number | null) => steps.filter((s) => s.root_request_id === root).map((s) => s.reviewer_role);
    return rows.map((r) => ({ ...r, chain: chainOf(r.root_request_id) }));
  }

  it('lists in admin mode exactly what canSeeRequest lets each role see, and the detail agrees (404 for everything else, never 403)', async () => {
    const requests = await stored();
    for (const [name, caller] of callers) {
      const seen = requests.filter((r) => canSeeRequest(caller, r, r.chain));
      const listed = (await caller.api.list(caller.system_role, caller.id, 'per_page=100')).json() as Listed;
      expect([name, idsOf(listed).sort()]).toEqual([
        name,
        seen
          .filter((r) => r.is_latest === 1)
          .map((r) => r.id)
          .sort(),
      ]);
      for (const request of requests) {
        const status = (await caller.api.get(request.id)).statusCode;
        expect([name, request.id, status]).toEqual([name, request.id, seen.includes(request) ? 200 : 404]);
      }
    }
    expect(idsOf((await as('petty_cash_custodian').api.list('petty_cash_custodian', as('petty_cash_custodian').id)).json())).toContain(
      made.resubmitted,
    );
    expect((await as('board_chairman').api.get(made.kits)).statusCode).toBe(200);
    expect((await as('board_chairman').api.get(made.travel)).json()).toEqual({ error: 'Not found', code: 'NOT_FOUND' });
  });

  it("lists the caller's own latest requests in staff mode, newest first, paged, searched and filtered", async () => {
    const staff = as('staff');
    const all = (await staff.api.list('user', staff.id)).json();
    expect(all).toMatchObject({ page: 1, per_page: 10, total: 3 });
    expect(idsOf(all)).toEqual([made.resubmitted, made.travel, made.pettyCash]);
    expect((await staff.api.list('user', staff.id, 'page=2&per_page=1')).json()).toMatchObject({
      requests: [{ id: made.travel }],
      page: 2,
      per_page: 1,
      total: 3,
    });
    expect(idsOf((await staff.api.list('user', staff.id, 'search=tahmeed')).json())).toEqual([made.travel]);
    expect(idsOf((await staff.api.list('user', staff.id, 'search=PETTY')).json())).toEqual([made.pettyCash]);
    expect(idsOf((await staff.api.list('user', staff.id, 'search=6101')).json())).toHaveLength(3);
    expect(idsOf((await staff.api.list('user', staff.id, 'search=neema')).json())).toHaveLength(3);
    expect(idsOf((await staff.api.list('user', staff.id, `search=${encodeURIComponent('%')}`)).json())).toEqual([]);
    expect(idsOf((await staff.api.list('user', staff.id, 'status=pending')).json())).toHaveLength(3);
    expect(idsOf((await staff.api.list('user', staff.id, 'status=request_edit')).json())).toEqual([]);
    expect(idsOf((await staff.api.list('user', staff.id, 'status=all')).json())).toHaveLength(3);
  });

  it('finds a request by its approval number', async () => {
    const custodian = as('petty_cash_custodian');
    const data = (await custodian.api.get(made.pettyCash)).json().data;
    const approved = (await custodian.api.review({ request_id: data.id, review_id: data.reviews[0].id, status: 'approved' })).json().data;
    const staff = as('staff');
    expect(idsOf((await staff.api.list('user', staff.id, `search=${approved.approval_number}`)).json())).toEqual([made.pettyCash]);
    expect(idsOf((await staff.api.list('user', staff.id, 'status=approved')).json())).toEqual([made.pettyCash]);
  });

  it('refuses another user id or a mode that is not the caller’s (403), and bad paging (400)', async () => {
    const staff = as('staff');
    expect((await staff.api.list('user', as('staff2').id)).json()).toEqual({ error: ONLY_YOUR_OWN, code: 'FORBIDDEN' });
    expect((await staff.api.list('director', staff.id)).json()).toEqual({ error: unknownMode('director'), code: 'FORBIDDEN' });
    expect((await as('director').api.list('finance_officer', as('director').id)).statusCode).toBe(403);
    for (const query of ['per_page=101', 'page=0', 'status=open', 'search=' + 'x'.repeat(101)])
      expect((await staff.api.list('user', staff.id, query)).statusCode).toBe(400);
    expect((await staff.api.get('abc')).statusCode).toBe(400);
    expect((await staff.api.get(999_999)).statusCode).toBe(404);
  });

  it('lists what awaits the caller’s role, oldest first, never their own, and what they acted on leaves it', async () => {
    const finance = as('finance_officer');
    const pending = (await finance.api.pending('finance_officer', finance.id)).json();
    expect(idsOf(pending)).toEqual([made.travel, made.kits, made.custodian, made.resubmitted]);
    expect(pending).toMatchObject({ page: 1, per_page: 10, total: 4 });
    const travel = (await finance.api.get(made.travel)).json().data;
    await finance.api.review({ request_id: made.travel, review_id: travel.reviews[0].id, status: 'approved' });
    expect(idsOf((await finance.api.pending('finance_officer', finance.id)).json())).toEqual([made.kits, made.custodian, made.resubmitted]);
    const secretary = as('executive_secretary');
    expect(idsOf((await secretary.api.pending('executive_secretary', secretary.id, 'per_page=5')).json())).toEqual([made.travel]);
    const custodian = as('petty_cash_custodian');
    expect(idsOf((await custodian.api.pending('petty_cash_custodian', custodian.id)).json())).toEqual([]);
    expect((await finance.api.pending('director', finance.id)).statusCode).toBe(403);
    expect((await finance.api.pending('finance_officer', secretary.id)).statusCode).toBe(403);
  });

  it('sums up the home tiles: own requests in staff mode, what concerns the role with ?role', async () => {
    const staff = as('staff');
    expect((await staff.api.summary(staff.id)).json()).toEqual({ pending: 2, approved: 1, rejected: 0, pending_retirement: 1 });
    const finance = as('finance_officer');
    expect((await finance.api.summary(finance.id, 'finance_officer')).json()).toEqual({
      pending: 3,
      approved: 1,
      rejected: 0,
      pending_retirement: 1,
    });
    const chairman = as('board_chairman');
    expect((await chairman.api.summary(chairman.id, 'board_chairman')).json()).toEqual({
      pending: 0,
      approved: 0,
      rejected: 0,
      pending_retirement: 0,
    });
    expect((await staff.api.summary(as('staff2').id)).statusCode).toBe(403);
    expect((await finance.api.summary(finance.id, 'director')).statusCode).toBe(403);
  });
});
