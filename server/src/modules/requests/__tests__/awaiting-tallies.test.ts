import { SYSTEM_ROLES, hasAdminPermission, type SystemRole } from '@imprest/domain';
import { createTestApp, DIALECTS, type TestApp } from '../../../test-support/app';
import { awaitingTallyRows } from '../../../test-support/awaiting-tallies';
import { chainRoleBands } from '../../../test-support/approval';
import { reviewer, type Reviewer } from '../../../test-support/delegations';
import { dateFromToday, requestBody } from '../../../test-support/requests';
import { loopCaller, pendingStep } from '../../../test-support/retirements';
import { addUser, usersApi } from '../../../test-support/users';
import { signIn } from '../../../test-support/http';
import { runningDelegations } from '../../delegations/acting';
import { awaitingTallies } from '../../../db/migration-steps/0034_awaiting_tallies';
import { rebuildAwaitingTallies } from '../awaiting-tallies';
import { countAwaitingRows } from '../list-repository';

/** Amounts in each band of chainRoleBands: petty cash (custodian), B, A (board chairman). */
const AMOUNTS = [500, 2_000_000, 160_000_000];
const ACTIONS = 60;

/** Park–Miller's minimal standard generator: the same sequence of actions on every run and dialect. */
function random(seed: number) {
  let x = seed % 2_147_483_647;
  return () => (x = (x * 48_271) % 2_147_483_647) / 2_147_483_647;
}

type Person = Reviewer & { email: string };

describe.each(DIALECTS)('what awaits each reviewer, from awaiting_tallies (%s)', (dialect) => {
  let t: TestApp;
  const people: Person[] = [];
  const rand = random(20_261_128);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
  const userRow = (id: number) => t.app.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const roleOf = async (id: number) => (await userRow(id)).system_role;
  const lentTo = async (id: number) => runningDelegations(t.app.db, await userRow(id), () => new Date());

  beforeAll(async () => {
    t = await createTestApp(dialect);
    await t.app.db
      .insertInto('approval_matrices')
      .values({ organization_id: 1, bands: JSON.stringify(chainRoleBands()), modified_by: null, modified_at: new Date().toISOString() })
      .execute();
    await t.app.db.updateTable('budget_codes').set({ amount: 1e15 }).execute();
    // a second finance officer, moved to the secretary's role halfway: the steps they acted on as finance stay excluded
    await addUser(t.app, { email: 'finance2@example.org', system_role: 'finance_officer', role: 'finance' });
    for (const email of [...SYSTEM_ROLES.map((r) => `${r}@example.org`), 'staff2@example.org', 'finance2@example.org'])
      people.push({ ...(await reviewer(t.app, email)), email });
  });
  afterAll(() => t.close());

  const person = (email: string) => people.find((p) => p.email === `${email}@example.org`)!;

  /** Who may act on a step of `role` now: its holders, and a delegate the holder lent it to. */
  async function actorsFor(role: SystemRole, ownerId: number) {
    const actors: Person[] = [];
    for (const p of people) {
      if (p.id === ownerId) continue;
      if ((await roleOf(p.id)) === role) actors.push(p);
      else if ((await lentTo(p.id)).some((d) => d.delegator_role === role)) actors.push(p);
    }
    return actors;
  }

  /** One action: a submission, a step acted on (approve, reject, return) by one who may, or a resubmission. */
  async function act() {
    const latest = await t.app.db.selectFrom('requests').select(['id', 'request_owner_id', 'current_status', 'next_reviewer_role']);
    const open = await latest.where('is_latest', '=', 1).where('next_reviewer_role', 'is not', null).orderBy('id').execute();
    const returned = await latest.where('is_latest', '=', 1).where('current_status', '=', 'request_edit').orderBy('id').execute();
    const roll = rand();
    if (roll < 0.35 || open.length === 0) {
      const response = await pick(people).requests.create(requestBody({ amount_requested: pick(AMOUNTS), budget_code: 8205 }));
      expect(response.statusCode).toBe(201);
    } else if (roll < 0.85 || returned.length === 0) {
      const request = pick(open);
      const step = await t.app.db
        .selectFrom('reviews')
        .select('id')
        .where('request_id', '=', request.id)
        .where('status', '=', 'pending')
        .orderBy('position')
        .executeTakeFirstOrThrow();
      const status = pick(['approved', 'approved', 'approved', 'rejected', 'request_edit'] as const);
      const actors = await actorsFor(request.next_reviewer_role!, request.request_owner_id);
      const first = Math.floor(rand() * actors.length);
      for (const actor of [...actors.slice(first), ...actors.slice(0, first)]) {
        const body = { request_id: request.id, review_id: step.id, status, comments: status === 'approved' ? '' : 'Not like this' };
        const response = await actor.requests.review(body);
        // one who acted on an earlier step (before a role change) is refused; the next actor takes it
        if (response.statusCode === 200) return;
        expect(response.statusCode).toBe(403);
      }
    } else {
      const parent = pick(returned);
      const owner = people.find((p) => p.id === parent.request_owner_id)!;
      const body = { ...requestBody({ amount_requested: pick(AMOUNTS), budget_code: 8205 }), parent_request: parent.id };
      expect((await owner.requests.resubmit(body)).statusCode).toBe(201);
    }
  }

  /** For every person: the pending list's total, the Pending tile, the review queue and the count over the requests agree. */
  async function expectCountsMatch() {
    const latest = await t.app.db
      .selectFrom('requests')
      .select(['id', 'request_owner_id', 'next_reviewer_role'])
      .where('is_latest', '=', 1)
      .execute();
    const acted = await t.app.db
      .selectFrom('reviews')
      .select(['request_id', 'reviewer_id', 'on_behalf_of_id'])
      .where('status', '<>', 'pending')
      .execute();
    for (const p of people) {
      const role = await roleOf(p.id);
      if (!hasAdminPermission({ system_role: role })) continue;
      const lent = await lentTo(p.id);
      const rows = await countAwaitingRows(t.app.db, { organizationId: 1, viewerId: p.id, role, lent });
      const ownRole = latest.filter(
        (r) =>
          r.next_reviewer_role === role &&
          r.request_owner_id !== p.id &&
          !acted.some((a) => a.request_id === r.id && (a.reviewer_id === p.id || a.on_behalf_of_id === p.id)),
      ).length;
      const pending = (await p.requests.pending(role, p.id, 'per_page=1')).json().total;
      const tile = (await p.requests.summary(p.id, role)).json().pending;
      const queue = (await p.queue()).json().waiting;
      const seen = { who: p.email, role, pending, tile, queue };
      expect(seen).toEqual({ who: p.email, role, pending: rows, tile: rows, queue: rows });
      if (lent.length === 0) expect({ who: p.email, rows }).toEqual({ who: p.email, rows: ownRole });
    }
  }

  const tallyRows = () => awaitingTallyRows(t.app.db, 'awaiting_tallies');

  it('keeps every count equal to the requests through submissions, reviews, returns, resubmissions, a delegation and a role change', async () => {
    const director = usersApi(t.app, (await signIn(t.app, 'director@example.org')).token);
    const finance2 = person('finance2');
    for (let i = 0; i < ACTIONS; i += 1) {
      if (i === 10) {
        const lent = await person('board_chairman').delegate({
          delegate_id: person('admin').id,
          starts_on: dateFromToday(0),
          ends_on: dateFromToday(5),
        });
        expect(lent.statusCode).toBe(201);
      }
      if (i === 20) expect((await director.update({ user_id: finance2.id, system_role: 'executive_secretary' })).statusCode).toBe(200);
      if (i === 40) await t.app.db.deleteFrom('delegations').execute();
      if (i === 50) expect((await director.update({ user_id: finance2.id, system_role: 'finance_officer' })).statusCode).toBe(200);
      await act();
      if (i % 5 === 4) await expectCountsMatch();
    }
    // each kind of move was made: a delegate acted in the chairman's name, finance2 acted in both roles
    const steps = await t.app.db
      .selectFrom('reviews')
      .select(['reviewer_id', 'on_behalf_of_id', 'reviewer_role'])
      .where('status', '<>', 'pending')
      .execute();
    expect(steps.some((s) => s.on_behalf_of_id === person('board_chairman').id)).toBe(true);
    const roles = new Set(steps.filter((s) => s.reviewer_id === finance2.id).map((s) => s.reviewer_role));
    expect([...roles].sort()).toEqual(['executive_secretary', 'finance_officer']);
    expect((await tallyRows()).some((r) => r.acted > 0)).toBe(true);
  });

  it('moves nothing when a retirement is rejected, reopened and approved: the request waits for nobody', async () => {
    const approved = await t.app.db
      .selectFrom('requests')
      .select(['id', 'request_owner_id'])
      .where('is_latest', '=', 1)
      .where('current_status', '=', 'approved')
      .executeTakeFirstOrThrow();
    const before = await tallyRows();
    const finance = await loopCaller(t.app, 'finance_officer@example.org');
    const owner = await loopCaller(t.app, people.find((p) => p.id === approved.request_owner_id)!.email);
    const retirement = (await finance.retirements.attach(approved.id)).json().data.id as number;
    const submit = async () => {
      const body = { id: retirement, amount_spent: 1, amount_currency: 'tzs', comments: '', file_paths: [await owner.receipt()] };
      expect((await owner.retirements.submit(body)).statusCode).toBe(200);
    };
    const review = async (status: 'approved' | 'rejected') => {
      const step = await pendingStep(finance.retirements, retirement);
      const holder = await loopCaller(t.app, `${step.reviewer_role}@example.org`);
      const body = { id: retirement, review_id: step.id, status, comments: status === 'approved' ? '' : 'No receipt' };
      expect((await holder.retirements.review(body)).statusCode).toBe(200);
    };
    await submit();
    await review('rejected');
    expect((await owner.retirements.reopen(retirement)).statusCode).toBe(200);
    await submit();
    while (await pendingStep(finance.retirements, retirement)) await review('approved');
    expect((await finance.requests.get(approved.id)).json().data.retirement.status).toBe('approved');
    expect(await tallyRows()).toEqual(before);
    await expectCountsMatch();
  });

  it('recounts exactly the rows the services kept (the migration backfill and the maintenance command)', async () => {
    const kept = await tallyRows();
    expect(kept.length).toBeGreaterThan(5);
    await t.app.db.updateTable('awaiting_tallies').set({ owned: 99, acted: 99 }).execute();
    await rebuildAwaitingTallies(t.app.db);
    expect(await tallyRows()).toEqual(kept);
    await awaitingTallies().down!(t.app.db);
    await awaitingTallies().up(t.app.db);
    expect(await tallyRows()).toEqual(kept);
  });
});
