import { sql } from 'kysely';
import { createTestApp, DIALECTS, type TestApp } from '../../../test-support/app';
import { budgetApi } from '../../../test-support/budget';
import { requestBody } from '../../../test-support/requests';
import { pendingStep, type LoopCaller } from '../../../test-support/retirements';
import { randomWalk } from '../../../test-support/walk';
import { OWNER_USAGE_FROM_REQUESTS, rebuildBudgetUsage, USAGE_FROM_REQUESTS } from '../usage';

const STEPS = 70;
type UsageRow = { budget_code_id: number; committed: number; spent: number; latest: number; requests: number };
const normal = (rows: Array<Record<string, unknown>>): UsageRow[] =>
  rows
    .map((r) => ({
      budget_code_id: Number(r.budget_code_id),
      committed: Number(r.committed),
      spent: Number(r.spent),
      latest: Number(r.latest),
      requests: Number(r.requests),
    }))
    .sort((a, b) => a.budget_code_id - b.budget_code_id);
/** budget_owner_usage's rows, numbers as numbers, in key order; rows holding nothing left out (the kept table may keep them at 0). */
const normalOwners = (rows: Array<Record<string, unknown>>) =>
  rows
    .map((r) => ({
      key: `${String(r.budget_code_id)}/${String(r.owner_id)}/${String(r.amount_currency)}`,
      organization_id: Number(r.organization_id),
      latest: Number(r.latest),
      unretired: Number(r.unretired),
      unretired_amount: Number(r.unretired_amount),
    }))
    .filter((r) => r.latest || r.unretired || r.unretired_amount)
    .sort((a, b) => (a.key < b.key ? -1 : 1));

/**
 * Budget_usage is kept by the services, never recomputed on read. Random submissions,
 * reviews (approve, reject, return), resubmissions (sometimes to the other code) and retirements
 * (asked for, submitted, accepted or rejected) keep every code's kept row equal to the SQL sum over
 * its requests, the API's committed and requests_count read it, and the rebuild reproduces it; the
 * same for each owner's row per code (budget_owner_usage: latest requests and unretired money).
 */
describe.each(DIALECTS)('budget usage kept in the same transactions (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    // room for everything the walk asks for: no submission is refused for its balance
    await t.app.db.updateTable('budget_codes').set({ amount: 1e15 }).execute();
  });
  afterAll(() => t.close());

  const kept = async () => normal(await t.app.db.selectFrom('budget_usage').selectAll().execute());
  const summed = async () => normal((await USAGE_FROM_REQUESTS.execute(t.app.db)).rows as Array<Record<string, unknown>>);
  const keptOwners = async () => normalOwners(await t.app.db.selectFrom('budget_owner_usage').selectAll().execute());
  const summedOwners = async () => normalOwners((await OWNER_USAGE_FROM_REQUESTS.execute(t.app.db)).rows as Array<Record<string, unknown>>);

  it('equals the sum over the requests after every step, and the rebuild reproduces it', async () => {
    const walk = await randomWalk(t.app, 20_261_124);
    const { rand, pick, owners, finance, secretary, ownerOf, latest, retirementsIn } = walk;
    const chain = [finance, secretary];
    const codes = (await t.app.db.selectFrom('budget_codes').select(['id', 'code']).orderBy('code').limit(2).execute()).map((c) => c.code);
    const body = () => requestBody({ budget_code: pick(codes), amount_requested: (1000 + Math.floor(rand() * 5_000_000)) / 100 });
    const seen = new Set<string>();

    const reviewNext = async (id: number) => {
      const step = (await finance.requests.get(id)).json().data.reviews.find((s: { status: string }) => s.status === 'pending');
      const status = pick(['approved', 'approved', 'rejected', 'request_edit'] as const);
      const reviewer: LoopCaller = step.reviewer_role === 'finance_officer' ? finance : secretary;
      const acted = await reviewer.requests.review({
        request_id: id,
        review_id: step.id,
        status,
        comments: status === 'approved' ? '' : 'Not like this',
      });
      expect(acted.statusCode).toBe(200);
      seen.add(`review ${status}`);
    };
    const reviewRetirement = async (id: number) => {
      const accept = rand() < 0.7;
      for (const reviewer of chain) {
        const step = await pendingStep(reviewer.retirements, id);
        const acted = await reviewer.retirements.review({
          id,
          review_id: step.id,
          status: accept ? 'approved' : 'rejected',
          comments: accept ? '' : 'receipts missing',
        });
        expect(acted.statusCode).toBe(200);
        if (!accept) break;
      }
      seen.add(`retirement ${accept ? 'approved' : 'rejected'}`);
    };

    for (let stepNo = 0; stepNo < STEPS; stepNo += 1) {
      const roll = rand();
      const open = [...(await latest('pending')), ...(await latest('on_progress'))];
      const returned = await latest('request_edit');
      const unretired = (await latest('approved')).filter((r) => r.current_retirement === null);
      const [toSubmit, toReview, toReopen] = [
        await retirementsIn('pending'),
        await retirementsIn('on_progress'),
        await retirementsIn('rejected'),
      ];
      if (roll < 0.25 || open.length === 0) {
        expect((await pick(owners).requests.create(body())).statusCode).toBe(201);
        seen.add('submit');
      } else if (roll < 0.6) {
        await reviewNext(pick(open).id);
      } else if (roll < 0.7 && returned.length) {
        const parent = pick(returned);
        expect((await ownerOf(parent.request_owner_id).requests.resubmit({ ...body(), parent_request: parent.id })).statusCode).toBe(201);
        seen.add('resubmit');
      } else if (roll < 0.78 && unretired.length) {
        expect((await finance.retirements.attach(pick(unretired).id)).statusCode).toBe(201);
      } else if (roll < 0.86 && toSubmit.length) {
        expect(await walk.submitRetirement(pick(toSubmit), (requested) => Math.floor(rand() * requested * 1.1) / 100)).toBe(200);
      } else if (roll < 0.95 && toReview.length) {
        await reviewRetirement(pick(toReview).id);
      } else if (toReopen.length) {
        const r = pick(toReopen);
        expect((await ownerOf(r.owner_id).retirements.reopen(r.id)).statusCode).toBe(200);
      }
      expect({ stepNo, usage: await kept(), owners: await keptOwners() }).toEqual({
        stepNo,
        usage: await summed(),
        owners: await summedOwners(),
      });
    }
    // every kind of change happened, so the checks above covered each of them
    expect([...seen].sort()).toEqual([
      'resubmit',
      'retirement approved',
      'retirement rejected',
      'review approved',
      'review rejected',
      'review request_edit',
      'submit',
    ]);
    const final = await kept();
    expect(final.some((r) => r.spent > 0 && r.latest < r.requests)).toBe(true);

    // what the API answers is the kept row
    const budget = budgetApi(t.app, finance.token);
    for (const row of final) {
      const code = (
        await t.app.db.selectFrom('budget_codes').select(['code', 'amount']).where('id', '=', row.budget_code_id).executeTakeFirstOrThrow()
      ).code;
      const answer = (await budget.get(code)).json();
      expect({
        committed: Math.round(answer.data.committed * 100),
        requests_count: answer.data.requests_count,
        total: answer.requests.total,
      }).toEqual({
        committed: row.committed,
        requests_count: row.requests,
        total: row.latest,
      });
    }

    // a damaged table (a wrong sum, a lost row) comes back exactly from the rebuild
    await t.app.db
      .updateTable('budget_usage')
      .set({ committed: sql`committed + 7`, latest: 0 })
      .execute();
    await t.app.db.deleteFrom('budget_usage').where('budget_code_id', '=', final[0]!.budget_code_id).execute();
    expect(await kept()).not.toEqual(final);
    const finalOwners = await keptOwners();
    expect(finalOwners.some((r) => r.unretired > 0)).toBe(true);
    await t.app.db
      .updateTable('budget_owner_usage')
      .set({ unretired: sql`unretired + 1`, latest: 0 })
      .execute();
    await rebuildBudgetUsage(t.app.db);
    expect(await kept()).toEqual(final);
    expect(await keptOwners()).toEqual(finalOwners);
  }, 180_000);
});
