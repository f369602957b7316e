import { SYSTEM_ROLES, type SystemRole } from '@imprest/domain';
import { createTestApp, DIALECTS, type TestApp } from '../../../test-support/app';
import { approvedRequest, loopCaller, pendingStep, type LoopCaller } from '../../../test-support/retirements';

/**
 * GET retirement/pending/{role}/{userId} asked by every role of the demo organisation: each is
 * offered what waits at its own step and nothing else, the total counts exactly those rows, and a
 * queue that is not the caller's, or a parameter the list does not take, is refused with {error, code}.
 */
describe.each(DIALECTS)('the retirements pending list as each role asks it (%s)', (dialect) => {
  let t: TestApp;
  const as = {} as Record<SystemRole | 'staff2', LoopCaller>;
  const waiting = { finance_officer: [] as number[], executive_secretary: [] as number[] };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    for (const role of [...SYSTEM_ROLES, 'staff2'] as const) as[role] = await loopCaller(t.app, `${role}@example.org`);
    const chain = [as.finance_officer, as.executive_secretary];
    for (const owner of [as.staff, as.staff2]) {
      const retirement = (await as.finance_officer.retirements.attach(await approvedRequest(owner, chain))).json().data.id as number;
      const body = { id: retirement, amount_spent: 1, amount_currency: 'tzs', comments: '', file_paths: [await owner.receipt()] };
      expect((await owner.retirements.submit(body)).statusCode).toBe(200);
      waiting.finance_officer.push(retirement);
    }
    // the second is accepted at the finance step: it waits at the executive secretary's
    const moved = waiting.finance_officer.pop()!;
    const step = await pendingStep(as.finance_officer.retirements, moved);
    const accepted = await as.finance_officer.retirements.review({ id: moved, review_id: step.id, status: 'approved', comments: '' });
    expect(accepted.statusCode).toBe(200);
    waiting.executive_secretary.push(moved);
  });
  afterAll(() => t.close());

  it.each(SYSTEM_ROLES)('%s: offered only the retirements waiting at its own step, the total counting them', async (role) => {
    const answer = await as[role].retirements.pending(role, as[role].id, 'limit=100');
    expect(answer.statusCode).toBe(200);
    const { retirements, total } = answer.json() as { retirements: Array<{ id: number; next_reviewer_role: string }>; total: number };
    const expected = waiting[role as keyof typeof waiting] ?? [];
    expect({ ids: retirements.map((r) => r.id), total }).toEqual({ ids: expected, total: expected.length });
    expect(retirements.every((r) => r.next_reviewer_role === role)).toBe(true);
  });

  it("refuses another person's or another role's queue with 403 {error, code}", async () => {
    const { finance_officer: finance, executive_secretary: secretary, staff } = as;
    for (const [caller, role, userId] of [
      [finance, 'executive_secretary', finance.id],
      [finance, 'finance_officer', secretary.id],
      [finance, 'user', finance.id],
      [finance, 'FINANCE_OFFICER', finance.id],
      [staff, 'finance_officer', staff.id],
    ] as const) {
      const answer = await caller.retirements.pending(role, userId);
      expect({ role, userId, status: answer.statusCode, code: answer.json().code }).toEqual({
        role,
        userId,
        status: 403,
        code: 'FORBIDDEN',
      });
      expect(typeof answer.json().error).toBe('string');
    }
  });

  it('refuses a parameter the list does not take with 400 {error, code}, and answers a page past the end empty with the total', async () => {
    const finance = as.finance_officer;
    for (const query of ['sort=created_at', 'order=desc', 'status=pending', 'search=x', 'per_page=5', 'role=director', 'limit=5&limit=6']) {
      const answer = await finance.retirements.pending('finance_officer', finance.id, query);
      expect({ query, status: answer.statusCode, body: answer.json() }).toEqual({
        query,
        status: 400,
        body: { error: expect.stringMatching(/^querystring/), code: 'BAD_REQUEST' },
      });
    }
    const past = (await finance.retirements.pending('finance_officer', finance.id, 'page=1000000&limit=100')).json();
    expect(past).toMatchObject({ retirements: [], page: 1_000_000, per_page: 100, total: waiting.finance_officer.length });
  });
});
