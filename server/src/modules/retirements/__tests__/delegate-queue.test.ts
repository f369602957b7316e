import { createTestApp, DIALECTS, type TestApp } from '../../../test-support/app';
import { awaitingTallyRows } from '../../../test-support/awaiting-tallies';
import { reviewer, type Reviewer } from '../../../test-support/delegations';
import { dateFromToday } from '../../../test-support/requests';
import { approvedRequest, loopCaller, pendingStep, type LoopCaller } from '../../../test-support/retirements';
import { addOrganization, addUser } from '../../../test-support/users';
import { refillRetirementAwaitingTallies } from '../awaiting-tallies';

const DAY_MS = 86_400_000;

/**
 * A running delegation lends the delegator's role for retirements as for requests (docs/product-rules.md
 * §Delegation): the delegate's pending list shows the delegator's waiting retirements and counts them,
 * the delegate acts "on behalf of", a step taken through a delegate is the delegator's own, and the
 * delegation's end — revoked or past its last day — takes the queue away again.
 */
describe.each(DIALECTS)("a delegate's retirements queue (%s)", (dialect) => {
  let t: TestApp;
  let staff: LoopCaller, staff2: LoopCaller, finance: LoopCaller, secretary: LoopCaller, admin: LoopCaller;
  let financeAway: Reviewer, secretaryAway: Reviewer;
  /** Two retirements submitted and waiting at the finance officer's step. */
  const waiting: number[] = [];
  /** The finance officer's delegation to the admin. */
  let forAdmin = 0;

  const queueOf = async (who: LoopCaller, role: string) => {
    const answer = await who.retirements.pending(role, who.id, 'limit=100');
    expect(answer.statusCode).toBe(200);
    const body = answer.json() as { retirements: Array<{ id: number }>; total: number };
    return { ids: body.retirements.map((r) => r.id), total: body.total };
  };
  const accept = async (who: LoopCaller, id: number) => {
    const step = await pendingStep(finance.retirements, id);
    return who.retirements.review({ id, review_id: step.id, status: 'approved', comments: '' });
  };
  const lend = async (from: Reviewer, to: number, days: number) => {
    const made = await from.delegate({ delegate_id: to, starts_on: dateFromToday(0), ends_on: dateFromToday(days) });
    expect(made.statusCode).toBe(201);
    return made.json().data.id as number;
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    [staff, staff2, finance, secretary, admin] = await Promise.all(
      ['staff', 'staff2', 'finance_officer', 'executive_secretary', 'admin'].map((who) => loopCaller(t.app, `${who}@example.org`)),
    );
    financeAway = await reviewer(t.app, 'finance_officer@example.org');
    secretaryAway = await reviewer(t.app, 'executive_secretary@example.org');
    for (const owner of [staff, staff2]) {
      const id = (await finance.retirements.attach(await approvedRequest(owner, [finance, secretary]))).json().data.id as number;
      const body = { id, amount_spent: 1, amount_currency: 'tzs', comments: '', file_paths: [await owner.receipt()] };
      expect((await owner.retirements.submit(body)).statusCode).toBe(200);
      waiting.push(id);
    }
  });
  afterAll(() => t.close());

  it("shows the delegate the delegator's waiting retirements, the total counting them; another organisation's delegate sees none", async () => {
    expect(await queueOf(admin, 'admin')).toEqual({ ids: [], total: 0 });
    forAdmin = await lend(financeAway, admin.id, 2);
    expect(await queueOf(admin, 'admin')).toEqual({ ids: waiting, total: 2 });
    expect(await queueOf(finance, 'finance_officer')).toEqual({ ids: waiting, total: 2 });

    const elsewhere = await addOrganization(t.app, 'Elsewhere Ltd');
    for (const [email, system_role] of [
      ['fo@elsewhere.example', 'finance_officer'],
      ['admin@elsewhere.example', 'admin'],
    ] as const)
      await addUser(t.app, { email, organization_id: elsewhere, system_role, role: system_role, fullname: `Other ${system_role}` });
    const otherAdmin = await loopCaller(t.app, 'admin@elsewhere.example');
    await lend(await reviewer(t.app, 'fo@elsewhere.example'), otherAdmin.id, 2);
    expect(await queueOf(otherAdmin, 'admin')).toEqual({ ids: [], total: 0 });
    const step = await pendingStep(finance.retirements, waiting[0]);
    const foreign = await otherAdmin.retirements.review({ id: waiting[0], review_id: step.id, status: 'approved', comments: '' });
    expect({ status: foreign.statusCode, code: foreign.json().code }).toEqual({ status: 404, code: 'NOT_FOUND' });
  });

  it('lets the delegate act for the delegator: the step and the audit say on behalf of whom, and every queue moves', async () => {
    const acted = await accept(admin, waiting[0]);
    expect(acted.statusCode).toBe(200);
    const step = await t.app.db
      .selectFrom('retirement_reviews')
      .select(['reviewer_id', 'on_behalf_of_id', 'on_behalf_of_name', 'status'])
      .where('retirement_id', '=', waiting[0])
      .where('reviewer_role', '=', 'finance_officer')
      .executeTakeFirstOrThrow();
    expect(step).toEqual({ reviewer_id: admin.id, on_behalf_of_id: finance.id, on_behalf_of_name: expect.any(String), status: 'approved' });
    const shown = (acted.json().data.reviews as Array<Record<string, unknown>>).find((r) => r.reviewer_role === 'finance_officer');
    expect(shown).toMatchObject({ reviewer_id: admin.id, on_behalf_of_id: finance.id, on_behalf_of_name: step.on_behalf_of_name });
    const audit = await t.app.db
      .selectFrom('audit_log')
      .select(['actor_id', 'after_json'])
      .where('entity', '=', 'retirement')
      .where('entity_id', '=', String(waiting[0]))
      .where('action', '=', 'review')
      .executeTakeFirstOrThrow();
    expect({ actor: audit.actor_id, behalf: JSON.parse(audit.after_json!).on_behalf_of_id }).toEqual({
      actor: admin.id,
      behalf: finance.id,
    });

    expect(await queueOf(admin, 'admin')).toEqual({ ids: [waiting[1]], total: 1 });
    expect(await queueOf(finance, 'finance_officer')).toEqual({ ids: [waiting[1]], total: 1 });
    expect(await queueOf(secretary, 'executive_secretary')).toEqual({ ids: [waiting[0]], total: 1 });
    // the tallies kept step by step equal a recount from the steps (who acted, and for whom)
    const kept = await awaitingTallyRows(t.app.db, 'retirement_awaiting_tallies');
    // the finance officer acted on it, through the admin: it awaits neither of them at the next step
    for (const person of [admin.id, finance.id])
      expect(kept).toContainEqual(expect.objectContaining({ reviewer_role: 'executive_secretary', person_id: person, acted: 1 }));
    await t.app.db.transaction().execute((trx) => refillRetirementAwaitingTallies(trx));
    expect(await awaitingTallyRows(t.app.db, 'retirement_awaiting_tallies')).toEqual(kept);
  });

  it("takes the queue away when the delegation is revoked; a step taken for the delegator counts as the delegator's own", async () => {
    expect((await financeAway.end(forAdmin)).statusCode).toBe(200);
    expect(await queueOf(admin, 'admin')).toEqual({ ids: [], total: 0 });
    // no longer a step holder of its chain, the admin may not even see the retirement
    const refused = await accept(admin, waiting[1]);
    expect({ status: refused.statusCode, code: refused.json().code }).toEqual({ status: 404, code: 'NOT_FOUND' });

    // the finance officer now stands in for the executive secretary, whose step waits on the first
    // retirement: the finance officer took its finance step through the admin, so it is not theirs to take
    const forFinance = await lend(secretaryAway, finance.id, 1);
    expect(await queueOf(finance, 'finance_officer')).toEqual({ ids: [waiting[1]], total: 1 });
    const again = await accept(finance, waiting[0]);
    expect({ status: again.statusCode, code: again.json().code }).toEqual({ status: 403, code: 'FORBIDDEN' });
    expect((await secretaryAway.end(forFinance)).statusCode).toBe(200);
  });

  it('takes the queue away once the delegation is past its last day', async () => {
    expect((await accept(finance, waiting[1])).statusCode).toBe(200);
    await lend(secretaryAway, admin.id, 0);
    expect(await queueOf(admin, 'admin')).toEqual({ ids: [waiting[1]], total: 1 });
    // the next day of the organisation (sessions last 12 hours: both sign in again)
    t.clock.advance(DAY_MS);
    [admin, finance] = await Promise.all([loopCaller(t.app, 'admin@example.org'), loopCaller(t.app, 'finance_officer@example.org')]);
    expect(await queueOf(admin, 'admin')).toEqual({ ids: [], total: 0 });
    const refused = await accept(admin, waiting[1]);
    expect({ status: refused.statusCode, code: refused.json().code }).toEqual({ status: 404, code: 'NOT_FOUND' });
    secretary = await loopCaller(t.app, 'executive_secretary@example.org');
    expect(await queueOf(secretary, 'executive_secretary')).toEqual({ ids: waiting, total: 2 });
  });
});
