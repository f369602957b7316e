import { hasAdminPermission } from '@imprest/domain';
import { createTestApp, DIALECTS, type TestApp } from '../../../test-support/app';
import { awaitingTallyRows } from '../../../test-support/awaiting-tallies';
import { signIn } from '../../../test-support/http';
import { approvedRequest, loopCaller, pendingStep, type LoopCaller } from '../../../test-support/retirements';
import { addUser, usersApi } from '../../../test-support/users';
import { retirementAwaitingTallies } from '../../../db/migration-steps/0037_retirement_awaiting_tallies';
import { refillRetirementAwaitingTallies } from '../awaiting-tallies';

/**
 * The retirements pending list's total comes from retirement_awaiting_tallies: through submissions,
 * approvals, a rejection, a reopening and a new round, and a reviewer who acted and then changed role,
 * it stays equal, for every reviewer, to the retirements the list holds and to a count by its rule.
 */
describe.each(DIALECTS)('what awaits each reviewer among the retirements (%s)', (dialect) => {
  let t: TestApp;
  let people: Record<'staff' | 'staff2' | 'finance' | 'finance2' | 'secretary' | 'director', LoopCaller>;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    await addUser(t.app, { email: 'finance2@example.org', system_role: 'finance_officer', role: 'finance' });
    const emails = {
      staff: 'staff',
      staff2: 'staff2',
      finance: 'finance_officer',
      finance2: 'finance2',
      secretary: 'executive_secretary',
      director: 'director',
    } as const;
    people = {} as typeof people;
    for (const [key, name] of Object.entries(emails)) people[key as keyof typeof emails] = await loopCaller(t.app, `${name}@example.org`);
  });
  afterAll(() => t.close());

  /** For each reviewer: the list's total, the rows it lists and the rule counted over the retirements agree. */
  async function expectCountsMatch() {
    const waiting = await t.app.db
      .selectFrom('retirements')
      .select(['id', 'owner_id', 'round', 'next_reviewer_role'])
      .where('next_reviewer_role', 'is not', null)
      .execute();
    const acted = await t.app.db.selectFrom('retirement_reviews').select(['retirement_id', 'round', 'reviewer_id']).execute();
    for (const [who, p] of Object.entries(people)) {
      const role = (await t.app.db.selectFrom('users').select('system_role').where('id', '=', p.id).executeTakeFirstOrThrow()).system_role;
      if (!hasAdminPermission({ system_role: role })) continue;
      const byRule = waiting.filter(
        (r) =>
          r.next_reviewer_role === role &&
          r.owner_id !== p.id &&
          !acted.some((a) => a.retirement_id === r.id && a.round === r.round && a.reviewer_id === p.id),
      ).length;
      const answer = (await p.retirements.pending(role, p.id, 'limit=100')).json();
      expect({ who, role, total: answer.total, listed: answer.retirements.length }).toEqual({
        who,
        role,
        total: byRule,
        listed: byRule,
      });
    }
  }

  const tallyRows = () => awaitingTallyRows(t.app.db, 'retirement_awaiting_tallies');

  it('keeps every total equal to the retirements waiting, through rounds and a role change', async () => {
    const { staff, staff2, finance, finance2, secretary } = people;
    const owners = [staff, staff2, staff, staff2, finance2, staff];
    const retirements: Array<{ id: number; owner: LoopCaller }> = [];
    for (const owner of owners) {
      const request = await approvedRequest(owner, [finance, secretary]);
      retirements.push({ id: (await finance.retirements.attach(request)).json().data.id, owner });
    }
    const submit = async (r: { id: number; owner: LoopCaller }) => {
      const body = { id: r.id, amount_spent: 1, amount_currency: 'tzs', comments: '', file_paths: [await r.owner.receipt()] };
      expect((await r.owner.retirements.submit(body)).statusCode).toBe(200);
    };
    const review = async (who: LoopCaller, id: number, status: 'approved' | 'rejected') => {
      const step = await pendingStep(who.retirements, id);
      const body = { id, review_id: step.id, status, comments: status === 'approved' ? '' : 'No receipt' };
      expect((await who.retirements.review(body)).statusCode).toBe(200);
    };
    await expectCountsMatch();
    for (const r of retirements) await submit(r);
    await expectCountsMatch();
    const [a, b, c, d, e] = retirements;
    await review(finance2, a!.id, 'approved');
    await review(finance2, b!.id, 'approved');
    await review(finance, c!.id, 'approved');
    await review(finance2, d!.id, 'rejected');
    await review(finance, e!.id, 'approved');
    await expectCountsMatch();
    // a new round: finance2's rejection of the last one no longer keeps it from them
    expect((await d!.owner.retirements.reopen(d!.id)).statusCode).toBe(200);
    await submit(d!);
    await review(secretary, c!.id, 'approved');
    await expectCountsMatch();
    // finance2 becomes a secretary: the two they approved at the finance step wait at theirs, and stay excluded
    const director = usersApi(t.app, (await signIn(t.app, 'director@example.org')).token);
    expect((await director.update({ user_id: finance2.id, system_role: 'executive_secretary' })).statusCode).toBe(200);
    await expectCountsMatch();
    expect((await tallyRows()).some((row) => row.acted > 0)).toBe(true);
    await review(secretary, a!.id, 'rejected');
    await expectCountsMatch();
  });

  it('stays equal to the rows when retirements are submitted while the list is read and two reviewers take one step at once', async () => {
    const { staff, staff2, finance, secretary } = people;
    // a second finance officer (finance2 became a secretary above)
    await addUser(t.app, { email: 'finance3@example.org', system_role: 'finance_officer', role: 'finance' });
    const finance3 = await loopCaller(t.app, 'finance3@example.org');
    const made: Array<{ id: number; owner: LoopCaller }> = [];
    for (const owner of [staff, staff2, staff, staff2]) {
      const request = await approvedRequest(owner, [finance, secretary]);
      made.push({ id: (await finance.retirements.attach(request)).json().data.id, owner });
    }
    const bodies = await Promise.all(
      made.map(async (r) => ({ id: r.id, amount_spent: 1, amount_currency: 'tzs', comments: '', file_paths: [await r.owner.receipt()] })),
    );
    const [submitted, reads] = await Promise.all([
      Promise.all(made.map((r, i) => r.owner.retirements.submit(bodies[i]))),
      Promise.all(Array.from({ length: 8 }, () => finance.retirements.pending('finance_officer', finance.id, 'limit=100'))),
    ]);
    expect(submitted.map((s) => s.statusCode)).toEqual(made.map(() => 200));
    expect(reads.map((r) => r.statusCode)).toEqual(reads.map(() => 200));
    await expectCountsMatch();
    // both finance officers act on each first step at once: one is recorded, the other told it is taken
    const outcomes = await Promise.all(
      made.map(async (r) => {
        const step = await pendingStep(finance.retirements, r.id);
        const body = { id: r.id, review_id: step.id, status: 'approved', comments: '' };
        const both = await Promise.all([finance.retirements.review(body), finance3.retirements.review(body)]);
        return both.map((answer) => (answer.statusCode === 200 ? 200 : `${answer.statusCode} ${answer.json().code}`)).sort();
      }),
    );
    expect(outcomes).toEqual(made.map(() => [200, '409 REVIEW_STEP_TAKEN']));
    await expectCountsMatch();
    const theirs = (await finance3.retirements.pending('finance_officer', finance3.id, 'limit=100')).json();
    expect(theirs.total).toBe(theirs.retirements.length);
  });

  it('reads its total from the tally rows, not from the retirements', async () => {
    const finance = people.finance;
    const before = (await finance.retirements.pending('finance_officer', finance.id, 'limit=1')).json().total as number;
    await t.app.db
      .updateTable('retirement_awaiting_tallies')
      .set((eb) => ({ owned: eb('owned', '+', 7) }))
      .where('reviewer_role', '=', 'finance_officer')
      .where('person_id', '=', people.staff.id)
      .execute();
    expect((await finance.retirements.pending('finance_officer', finance.id, 'limit=1')).json().total).toBe(before + 7);
    await refillRetirementAwaitingTallies(t.app.db);
    expect((await finance.retirements.pending('finance_officer', finance.id, 'limit=1')).json().total).toBe(before);
  });

  it('recounts exactly the rows the services kept (the migration backfill and the maintenance command)', async () => {
    const kept = await tallyRows();
    expect(kept.length).toBeGreaterThan(2);
    await t.app.db.updateTable('retirement_awaiting_tallies').set({ owned: 99, acted: 99 }).execute();
    await refillRetirementAwaitingTallies(t.app.db);
    expect(await tallyRows()).toEqual(kept);
    await retirementAwaitingTallies().down!(t.app.db);
    await retirementAwaitingTallies().up(t.app.db);
    expect(await tallyRows()).toEqual(kept);
  });
});
