import { createTestApp, DIALECTS, type TestApp } from '../../../test-support/app';
import { budgetApi } from '../../../test-support/budget';
import { requestBody } from '../../../test-support/requests';
import { loopCaller, pendingStep, type LoopCaller } from '../../../test-support/retirements';

/** A small seeded generator, so a failure replays. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

interface Tracked {
  id: number;
  owner: LoopCaller;
  /** Cents. */
  requested: number;
  status: 'pending' | 'approved' | 'rejected';
  retirement?: { id: number; status: 'pending' | 'on_progress' | 'approved' | 'rejected'; spent: number };
}

/**
 * Random walks through the loop (requests approved or rejected, retirements asked for,
 * submitted, accepted, rejected and reopened) keep the budget and the Unretired tiles equal to a
 * model that knows only the rule: a live request commits what it asked for until its retirement is
 * approved, and then what was spent.
 */
describe.each(DIALECTS)('the balance follows the retirements (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('matches the model after every step of a random walk', async () => {
    const next = random(20261124);
    const pick = <T>(items: T[]) => items[Math.floor(next() * items.length)];
    const owners = [
      await loopCaller(t.app, 'staff@example.org'),
      await loopCaller(t.app, 'staff2@example.org'),
      await loopCaller(t.app, 'admin@example.org'),
    ];
    const finance = await loopCaller(t.app, 'finance_officer@example.org');
    const secretary = await loopCaller(t.app, 'executive_secretary@example.org');
    const budget = budgetApi(t.app, finance.token);
    const start = (await budget.get(6101)).json().data;
    const tracked: Tracked[] = [];

    const review = async (r: Tracked, accept: boolean) => {
      for (const reviewer of [finance, secretary]) {
        const step = (await reviewer.requests.get(r.id)).json().data.reviews.find((s: { status: string }) => s.status === 'pending');
        const acted = await reviewer.requests.review({
          request_id: r.id,
          review_id: step.id,
          status: accept ? 'approved' : 'rejected',
          comments: accept ? '' : 'no',
        });
        expect(acted.statusCode).toBe(200);
        if (!accept) return;
      }
    };
    const reviewRetirement = async (r: Tracked, accept: boolean) => {
      for (const reviewer of [finance, secretary]) {
        const step = await pendingStep(reviewer.retirements, r.retirement!.id);
        const acted = await reviewer.retirements.review({
          id: r.retirement!.id,
          review_id: step.id,
          status: accept ? 'approved' : 'rejected',
          comments: accept ? '' : 'receipts missing',
        });
        expect(acted.statusCode).toBe(200);
        if (!accept) return;
      }
    };

    for (let stepNo = 0; stepNo < 90; stepNo++) {
      const roll = next();
      const open = tracked.filter((r) => r.status === 'pending');
      const approved = tracked.filter((r) => r.status === 'approved');
      if (roll < 0.3 || tracked.length < 2) {
        const requested = 1000 + Math.floor(next() * 500_000);
        const owner = pick(owners);
        const created = await owner.requests.create(requestBody({ amount_requested: requested / 100 }));
        expect(created.statusCode).toBe(201);
        tracked.push({ id: created.json().data.id, owner, requested, status: 'pending' });
      } else if (roll < 0.5 && open.length) {
        const r = pick(open);
        const accept = next() < 0.8;
        await review(r, accept);
        r.status = accept ? 'approved' : 'rejected';
      } else if (roll < 0.6 && approved.some((r) => !r.retirement)) {
        const r = pick(approved.filter((x) => !x.retirement));
        const attached = await finance.retirements.attach(r.id);
        expect(attached.statusCode).toBe(201);
        r.retirement = { id: attached.json().data.id, status: 'pending', spent: 0 };
      } else if (roll < 0.75 && approved.some((r) => r.retirement?.status === 'pending')) {
        const r = pick(approved.filter((x) => x.retirement?.status === 'pending'));
        const spent = Math.floor(next() * r.requested * 1.1);
        const submitted = await r.owner.retirements.submit({
          id: r.retirement!.id,
          // an excess needs the owner's explanation
          comments: spent > r.requested ? 'prices rose' : '',
          amount_spent: spent / 100,
          amount_currency: 'tzs',
          file_paths: [await r.owner.receipt()],
        });
        expect(submitted.statusCode).toBe(200);
        r.retirement = { ...r.retirement!, status: 'on_progress', spent };
      } else if (roll < 0.9 && approved.some((r) => r.retirement?.status === 'on_progress')) {
        const r = pick(approved.filter((x) => x.retirement?.status === 'on_progress'));
        const accept = next() < 0.7;
        await reviewRetirement(r, accept);
        r.retirement!.status = accept ? 'approved' : 'rejected';
      } else if (approved.some((r) => r.retirement?.status === 'rejected')) {
        const r = pick(approved.filter((x) => x.retirement?.status === 'rejected'));
        expect((await r.owner.retirements.reopen(r.retirement!.id)).statusCode).toBe(200);
        r.retirement!.status = 'pending';
      }

      const model = tracked
        .filter((r) => r.status !== 'rejected')
        .reduce((sum, r) => sum + (r.retirement?.status === 'approved' ? r.retirement.spent : r.requested), 0);
      const now = (await budget.get(6101)).json().data;
      expect({ stepNo, balance: Math.round(now.balance * 100) }).toEqual({ stepNo, balance: Math.round(start.balance * 100) - model });
      expect(now.balance).toBeGreaterThanOrEqual(0);
      for (const owner of owners) {
        const unretired = tracked.filter((r) => r.owner === owner && r.status === 'approved' && r.retirement?.status !== 'approved').length;
        expect({ stepNo, owner: owner.id, tile: (await owner.requests.summary(owner.id)).json().pending_retirement }).toEqual({
          stepNo,
          owner: owner.id,
          tile: unretired,
        });
        expect((await owner.requests.list('user', owner.id, 'unretired=true&per_page=100')).json().total).toBe(unretired);
      }
    }
    // The walk reached every state, so the checks above covered each transition.
    const states = new Set(tracked.map((r) => r.retirement?.status ?? r.status));
    expect([...states].sort()).toEqual(expect.arrayContaining(['approved', 'pending']));
    expect(tracked.some((r) => r.retirement?.status === 'approved')).toBe(true);
  }, 120_000);
});
