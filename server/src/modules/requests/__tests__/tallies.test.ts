import {
  REQUEST_STATUSES,
  SYSTEM_ROLES,
  hasFinancePermission,
  requestScopeFor,
  type RequestStatus,
  type SystemRole,
} from '@imprest/domain';
import { createTestApp, DIALECTS, type TestApp } from '../../../test-support/app';
import { chainRoleBands } from '../../../test-support/approval';
import { requestBody, requestCaller, type RequestCaller } from '../../../test-support/requests';
import { backfillRetired } from '../../../db/migration-steps/0028_retired_tallies';
import { loopCaller, pendingStep } from '../../../test-support/retirements';
import { listRequests } from '../list-repository';
import { chainRolesOf } from '../repository';
import { rebuildRequestTallies } from '../tallies';

type Listed = { requests: Array<{ id: number }>; total: number };

/** Amounts in each band of chainRoleBands: petty cash (custodian), B, A (board chairman). */
const AMOUNTS = [500, 2_000_000, 160_000_000];
const ACTIONS = 45;

/** Park–Miller's minimal standard generator: the same sequence of actions on every run and dialect. */
function random(seed: number) {
  let x = seed % 2_147_483_647;
  return () => (x = (x * 48_271) % 2_147_483_647) / 2_147_483_647;
}

describe.each(DIALECTS)('list totals from request_tallies (%s)', (dialect) => {
  let t: TestApp;
  const callers: RequestCaller[] = [];
  const byRole = (role: SystemRole) => callers.find((c) => c.system_role === role)!;
  const rand = random(20_261_122);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    await t.app.db
      .insertInto('approval_matrices')
      .values({ organization_id: 1, bands: JSON.stringify(chainRoleBands()), modified_by: null, modified_at: new Date().toISOString() })
      .execute();
    // room for every request the sequence makes, so no submission is refused for its balance
    await t.app.db.updateTable('budget_codes').set({ amount: 1e15 }).execute();
    for (const email of [...SYSTEM_ROLES.map((r) => `${r}@example.org`), 'staff2@example.org']) {
      callers.push(await requestCaller(t.app, email));
    }
  });
  afterAll(() => t.close());

  const latestIn = (statuses: RequestStatus[]) =>
    t.app.db
      .selectFrom('requests')
      .select(['id', 'request_owner_id'])
      .where('is_latest', '=', 1)
      .where('current_status', 'in', statuses)
      .orderBy('id')
      .execute();

  /** One action of a random user: a submission, a review of the next step (approve, reject, return) or a resubmission. */
  async function act() {
    const open = await latestIn(['pending', 'on_progress']);
    const returned = await latestIn(['request_edit']);
    const roll = rand();
    if (roll < 0.35 || open.length === 0) {
      const response = await pick(callers).api.create(requestBody({ amount_requested: pick(AMOUNTS), budget_code: 8205 }));
      expect(response.statusCode).toBe(201);
    } else if (roll < 0.85 || returned.length === 0) {
      const { id } = pick(open);
      const step = await t.app.db
        .selectFrom('reviews')
        .selectAll()
        .where('request_id', '=', id)
        .where('status', '=', 'pending')
        .orderBy('position')
        .executeTakeFirstOrThrow();
      const status = pick(['approved', 'approved', 'rejected', 'request_edit'] as const);
      const response = await byRole(step.reviewer_role).api.review({
        request_id: id,
        review_id: step.id,
        status,
        comments: status === 'approved' ? '' : 'Not like this',
      });
      expect(response.statusCode).toBe(200);
    } else {
      const parent = pick(returned);
      const owner = callers.find((c) => c.id === parent.request_owner_id)!;
      const response = await owner.api.resubmit({
        ...requestBody({ amount_requested: pick(AMOUNTS), budget_code: 8205 }),
        parent_request: parent.id,
      });
      expect(response.statusCode).toBe(201);
    }
  }

  /** Every page of a list, 4 at a time: the ids listed and the total each page said. */
  async function pagedThrough(caller: RequestCaller, mode: string, status: string) {
    const ids: number[] = [];
    const totals = new Set<number>();
    for (let page = 1; ; page += 1) {
      const response = await caller.api.list(mode, caller.id, `per_page=4&page=${page}&status=${status}`);
      expect(response.statusCode).toBe(200);
      const body = response.json() as Listed;
      totals.add(body.total);
      ids.push(...body.requests.map((r) => r.id));
      if (body.requests.length < 4) return { ids, totals: [...totals] };
    }
  }

  /** For every user, both list modes and every status filter: the tallied total, the SQL count of that filter and the rows paged through agree. */
  async function expectTotalsMatch() {
    for (const caller of callers) {
      for (const mode of ['user', caller.system_role]) {
        const scope = requestScopeFor(caller, mode)!;
        for (const status of ['all', ...REQUEST_STATUSES] as const) {
          const filter = {
            viewer: caller,
            organizationId: caller.organization_id,
            viewerId: caller.id,
            scope,
            status: status === 'all' ? undefined : status,
          };
          const counted = (await listRequests(t.app.db, filter)).rows.map((r) => r.id);
          const listed = await pagedThrough(caller, mode, status);
          expect({ caller: caller.system_role, scope, status, totals: listed.totals, ids: listed.ids.sort() }).toEqual({
            caller: caller.system_role,
            scope,
            status,
            totals: [counted.length],
            ids: counted.sort(),
          });
        }
      }
    }
  }

  /** The home tiles of every caller in both modes, against the rows themselves. */
  async function expectSummariesMatch() {
    const latest = await t.app.db
      .selectFrom('requests')
      .select(['id', 'root_request_id', 'request_owner_id', 'current_status', 'next_reviewer_role', 'current_retirement', 'retired_amount'])
      .where('is_latest', '=', 1)
      .execute();
    const chains = new Map<number, SystemRole[]>();
    for (const r of latest) chains.set(r.id, await chainRolesOf(t.app.db, r.root_request_id!));
    const acted = await t.app.db.selectFrom('reviews').select(['request_id', 'reviewer_id']).where('reviewer_id', 'is not', null).execute();
    const tiles = (rows: typeof latest) => ({
      approved: rows.filter((r) => r.current_status === 'approved').length,
      rejected: rows.filter((r) => r.current_status === 'rejected').length,
      // approved, less those whose retirement was approved
      pending_retirement: rows.filter(
        (r) => r.current_status === 'approved' && (r.current_retirement === null || r.retired_amount === null),
      ).length,
    });
    for (const caller of callers) {
      const own = latest.filter((r) => r.request_owner_id === caller.id);
      const open = own.filter((r) => ['pending', 'on_progress', 'request_edit'].includes(r.current_status)).length;
      expect({ who: caller.system_role, tiles: (await caller.api.summary(caller.id)).json() }).toEqual({
        who: caller.system_role,
        tiles: { pending: open, ...tiles(own) },
      });
      if (caller.system_role === 'staff') continue;
      const scoped = hasFinancePermission(caller) ? latest : latest.filter((r) => chains.get(r.id)!.includes(caller.system_role));
      const awaiting = latest.filter(
        (r) =>
          r.next_reviewer_role === caller.system_role &&
          r.request_owner_id !== caller.id &&
          !acted.some((a) => a.request_id === r.id && a.reviewer_id === caller.id),
      ).length;
      expect({ who: caller.system_role, tiles: (await caller.api.summary(caller.id, caller.system_role)).json() }).toEqual({
        who: caller.system_role,
        tiles: { pending: awaiting, ...tiles(scoped) },
      });
    }
  }

  const tallies = async () =>
    (
      await t.app.db
        .selectFrom('request_tallies')
        .selectAll()
        .where('n', '<>', 0)
        .orderBy('organization_id')
        .orderBy('chain_role')
        .orderBy('status')
        .orderBy('owner_id')
        .execute()
    ).map((r) => ({ ...r, n: Number(r.n) }));

  it('keeps every list scope and status total, and every home tile, equal to the rows through submissions, reviews and resubmissions', async () => {
    const reached = new Set<string>();
    for (let i = 0; i < ACTIONS; i += 1) {
      await act();
      const latest = await t.app.db.selectFrom('requests').select('current_status').distinct().where('is_latest', '=', 1).execute();
      for (const row of latest) reached.add(row.current_status);
      if (i === 14) {
        await expectTotalsMatch();
        await expectSummariesMatch();
      }
    }
    // the sequence reached every status and resubmitted, so each kind of tally move was made
    expect([...reached].sort()).toEqual([...REQUEST_STATUSES].sort());
    expect(
      Number(
        (
          await t.app.db
            .selectFrom('requests')
            .select((eb) => eb.fn.max('version').as('v'))
            .executeTakeFirstOrThrow()
        ).v,
      ),
    ).toBeGreaterThan(1);
    const chainRoles = await t.app.db.selectFrom('request_tallies').select('chain_role').distinct().where('n', '>', 0).execute();
    expect(chainRoles.map((r) => r.chain_role)).toEqual(expect.arrayContaining(['petty_cash_custodian', 'board_chairman']));
    await expectTotalsMatch();
    await expectSummariesMatch();
  });

  it('counts beside the approved those whose retirement was approved, for the Unretired tile', async () => {
    const approved = (await latestIn(['approved'])).slice(0, 3);
    expect(approved.length).toBeGreaterThan(0);
    const emails = await t.app.db.selectFrom('users').select(['id', 'email']).execute();
    const as = (id: number) => loopCaller(t.app, emails.find((u) => u.id === id)!.email);
    const finance = await loopCaller(t.app, 'finance_officer@example.org');
    for (const request of approved) {
      const attached = await finance.retirements.attach(request.id);
      expect(attached.statusCode).toBe(201);
      const retirement = attached.json().data.id as number;
      const owner = await as(request.request_owner_id);
      const submitted = await owner.retirements.submit({
        id: retirement,
        amount_spent: 1,
        amount_currency: 'tzs',
        comments: '',
        file_paths: [await owner.receipt()],
      });
      expect(submitted.statusCode).toBe(200);
      for (let step = await pendingStep(finance.retirements, retirement); step; step = await pendingStep(finance.retirements, retirement)) {
        const reviewer = await loopCaller(t.app, `${step.reviewer_role}@example.org`);
        const acted = await reviewer.retirements.review({ id: retirement, review_id: step.id, status: 'approved', comments: '' });
        expect(acted.statusCode).toBe(200);
      }
    }
    const retired = await t.app.db
      .selectFrom('request_tallies')
      .select((eb) => eb.fn.sum<number | string>('retired').as('n'))
      .where('chain_role', '=', '')
      .executeTakeFirstOrThrow();
    expect(Number(retired.n)).toBe(approved.length);
    await expectSummariesMatch();
  });

  it('recounts from the requests exactly the tallies the services kept (the migration backfill and the maintenance command)', async () => {
    const kept = await tallies();
    expect(kept.length).toBeGreaterThan(10);
    expect(kept.some((row) => Number(row.retired) > 0)).toBe(true);
    await t.app.db.updateTable('request_tallies').set({ retired: 0 }).execute();
    await backfillRetired(t.app.db);
    expect(await tallies()).toEqual(kept);
    await t.app.db.updateTable('request_tallies').set({ n: 99, retired: 99 }).execute();
    await rebuildRequestTallies(t.app.db);
    expect(await tallies()).toEqual(kept);
  });
});
