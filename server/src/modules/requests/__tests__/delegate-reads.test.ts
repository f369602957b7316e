import { createTestApp, DIALECTS, type TestApp } from '../../../test-support/app';
import { act, reviewer, submitted, type Reviewer } from '../../../test-support/delegations';
import { lend } from '../../../test-support/review-queue';

type Listed = { requests: Array<{ id: number }>; total: number };
const idsOf = (body: Listed) => body.requests.map((r) => r.id).sort((a, b) => a - b);

/**
 * A running delegation counts as the delegator's role in every read of the delegate's admin mode:
 * the requests list, the pending list, the home's counts and the detail agree, row for row, and
 * nobody else gains anything. Default chain: finance officer, then executive secretary.
 */
describe.each(DIALECTS)('what a delegate reads (%s)', (dialect) => {
  let t: TestApp;
  let staff: Reviewer, finance: Reviewer, secretary: Reviewer, manager: Reviewer, petty: Reviewer;
  const made: Record<string, number> = {};

  const listOf = async (who: Reviewer, role: string) => (await who.requests.list(role, who.id, 'per_page=100')).json() as Listed;
  const pendingOf = async (who: Reviewer, role: string) => (await who.requests.pending(role, who.id, 'per_page=100')).json() as Listed;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    [staff, finance, secretary, manager, petty] = await Promise.all(
      ['staff', 'finance_officer', 'executive_secretary', 'stem_park_manager', 'petty_cash_custodian'].map((r) =>
        reviewer(t.app, `${r}@example.org`),
      ),
    );
    const atSecretary = await submitted(staff);
    expect((await act(finance, atSecretary)).statusCode).toBe(200);
    made.atSecretary = atSecretary.id;
    made.atFinance = (await submitted(staff)).id;
    // the manager's own request at the secretary's step: listed as theirs, never offered to review
    const own = await submitted(manager);
    expect((await act(finance, own)).statusCode).toBe(200);
    made.own = own.id;
  });
  afterAll(() => t.close());

  it('without a delegation the manager sees only their own request, and nothing waits for them', async () => {
    expect(idsOf(await listOf(manager, 'stem_park_manager'))).toEqual([made.own]);
    expect((await pendingOf(manager, 'stem_park_manager')).total).toBe(0);
    expect((await manager.requests.get(made.atSecretary)).statusCode).toBe(404);
  });

  it("with the secretary's role lent, the lists, the counts and the detail take it as the manager's own role, and agree", async () => {
    const delegation = await lend(t.app, 'executive_secretary@example.org', manager.id);
    const listed = await listOf(manager, 'stem_park_manager');
    expect(idsOf(listed)).toEqual([made.atSecretary, made.atFinance, made.own].sort((a, b) => a - b));
    expect(listed.total).toBe(3);
    // what waits: the secretary's step of another's request, not the manager's own
    const pending = await pendingOf(manager, 'stem_park_manager');
    expect([idsOf(pending), pending.total]).toEqual([[made.atSecretary], 1]);
    expect((await manager.requests.summary(manager.id, 'stem_park_manager')).json()).toMatchObject({ pending: 1, approved: 0 });
    // the status filter's total counts each request once; a listed row always opens
    expect((await manager.requests.list('stem_park_manager', manager.id, 'status=on_progress')).json()).toMatchObject({ total: 2 });
    for (const id of idsOf(listed)) expect([id, (await manager.requests.get(id)).statusCode]).toEqual([id, 200]);
    // the lent role is not the manager's mode: the list still asks for their own system role
    expect((await manager.requests.list('executive_secretary', manager.id)).statusCode).toBe(403);

    // nobody else gains anything: another admin, and staff
    expect(idsOf(await listOf(petty, 'petty_cash_custodian'))).toEqual([]);
    expect((await petty.requests.get(made.atSecretary)).statusCode).toBe(404);
    expect((await pendingOf(petty, 'petty_cash_custodian')).total).toBe(0);
    expect(idsOf(await listOf(staff, 'staff'))).toEqual([made.atSecretary, made.atFinance]);

    // the delegate rejects from the detail (PUT reviews); the request stays readable while the delegation runs
    expect((await act(manager, { id: made.atSecretary }, 'rejected', 'No receipts attached')).statusCode).toBe(200);
    expect((await manager.requests.get(made.atSecretary)).json().data.reviews[1]).toMatchObject({
      status: 'rejected',
      reviewer_id: manager.id,
      on_behalf_of_id: secretary.id,
    });
    expect((await pendingOf(manager, 'stem_park_manager')).total).toBe(0);
    expect((await manager.requests.summary(manager.id, 'stem_park_manager')).json()).toMatchObject({ pending: 0, rejected: 1 });

    // ended: back to what the manager's own role sees
    expect((await (await reviewer(t.app, 'executive_secretary@example.org')).end(delegation)).statusCode).toBe(200);
    expect(idsOf(await listOf(manager, 'stem_park_manager'))).toEqual([made.own]);
    expect((await manager.requests.get(made.atSecretary)).statusCode).toBe(404);
  });
});
