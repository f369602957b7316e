import { createTestApp, DIALECTS, type TestApp } from '../../../test-support/app';
import { budgetApi, budgetBody } from '../../../test-support/budget';
import { authHeaders } from '../../../test-support/http';
import { dateFromToday, requestBody } from '../../../test-support/requests';
import { loopCaller, pendingStep, type LoopCaller } from '../../../test-support/retirements';

/** Park–Miller's minimal standard generator: a failure replays with its seed. */
function random(seed: number) {
  let x = seed % 2_147_483_647;
  return () => (x = (x * 48_271) % 2_147_483_647) / 2_147_483_647;
}

const CODE = 6107;
/** Cents: a code small enough that submissions, excesses and cuts keep running into its room. */
const START = 2_000_000;

interface Tracked {
  id: number;
  owner: LoopCaller;
  requested: number;
  status: 'pending' | 'approved' | 'rejected';
  retirement?: { id: number; status: 'pending' | 'on_progress' | 'approved' | 'rejected'; spent: number; settled: boolean };
}

/**
 * docs/product-rules.md §Money: random walks of submissions, approvals, rejections, retirements
 * spending less, exactly or more than advanced, settlements and budget cuts and raises, on one tight
 * code. After every step the code is never below zero and its balance is exactly its amount less
 * what the model says is committed (a live request its advance until its retirement is approved,
 * then what was spent); a refusal changes nothing; every approved retirement with a difference
 * awaits its settlement until finance records it, once.
 */
describe.each(DIALECTS)('every shilling accounted for (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('keeps balance = amount − committed ≥ 0 and each settlement exact, after every step of a walk', async () => {
    const next = random(20_261_128);
    const pick = <T>(items: T[]) => items[Math.floor(next() * items.length)]!;
    const owners = [await loopCaller(t.app, 'staff@example.org'), await loopCaller(t.app, 'staff2@example.org')];
    const finance = await loopCaller(t.app, 'finance_officer@example.org');
    const secretary = await loopCaller(t.app, 'executive_secretary@example.org');
    const director = await loopCaller(t.app, 'director@example.org');
    const budget = budgetApi(t.app, finance.token);
    expect((await budget.create(budgetBody({ code: CODE, amount: START / 100 }))).statusCode).toBe(201);
    const read = async () => (await budget.get(CODE)).json().data as { id: number; amount: number; balance: number };
    let amount = START;
    const tracked: Tracked[] = [];
    const seen = { refusedSubmissions: 0, refusedExcess: 0, excessApproved: 0, settled: 0, cuts: 0, refusedCuts: 0 };

    const settle = (caller: LoopCaller, body: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/retirement/settle',
        headers: { ...authHeaders(caller.token), 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
    const reviewRequest = async (r: Tracked, accept: boolean) => {
      for (const reviewer of [finance, secretary]) {
        const step = (await reviewer.requests.get(r.id)).json().data.reviews.find((s: { status: string }) => s.status === 'pending');
        const status = accept ? 'approved' : 'rejected';
        const acted = await reviewer.requests.review({ request_id: r.id, review_id: step.id, status, comments: accept ? '' : 'no' });
        expect(acted.statusCode).toBe(200);
        if (!accept) return;
      }
    };
    /** The retirement's chain to its end; the final approval may be refused for want of room (409). */
    const reviewRetirement = async (r: Tracked, accept: boolean) => {
      for (const reviewer of [finance, secretary]) {
        const step = await pendingStep(reviewer.retirements, r.retirement!.id);
        const status = accept ? 'approved' : 'rejected';
        const acted = await reviewer.retirements.review({
          id: r.retirement!.id,
          review_id: step.id,
          status,
          comments: accept ? '' : 'no receipt',
        });
        if (acted.statusCode === 409) {
          expect(acted.json().code).toBe('BUDGET_EXCEEDED');
          return 'refused';
        }
        expect(acted.statusCode).toBe(200);
        if (!accept) return 'rejected';
      }
      return 'approved';
    };

    for (let stepNo = 0; stepNo < 90; stepNo += 1) {
      const roll = next();
      const live = tracked.filter((r) => r.status === 'pending');
      const approved = tracked.filter((r) => r.status === 'approved');
      const where = (s: string) => approved.filter((r) => r.retirement?.status === s);
      if (roll < 0.25 || tracked.length < 2) {
        const requested = 10_000 + Math.floor(next() * 600_000);
        const owner = pick(owners);
        const created = await owner.requests.create(requestBody({ amount_requested: requested / 100, budget_code: CODE }));
        if (created.statusCode === 201) tracked.push({ id: created.json().data.id, owner, requested, status: 'pending' });
        else {
          expect(created.statusCode).toBe(400);
          seen.refusedSubmissions += 1;
        }
      } else if (roll < 0.4 && live.length) {
        const r = pick(live);
        const accept = next() < 0.85;
        await reviewRequest(r, accept);
        r.status = accept ? 'approved' : 'rejected';
      } else if (roll < 0.5 && approved.some((r) => !r.retirement)) {
        const r = pick(approved.filter((x) => !x.retirement));
        const attached = await finance.retirements.attach(r.id);
        expect(attached.statusCode).toBe(201);
        r.retirement = { id: attached.json().data.id, status: 'pending', spent: 0, settled: false };
      } else if (roll < 0.65 && where('pending').length) {
        const r = pick(where('pending'));
        // less, exactly or more than advanced; sometimes far more than any room
        const spent = pick([Math.floor(r.requested * next()), r.requested, Math.floor(r.requested * (1 + next() * 0.5)), r.requested * 40]);
        const submitted = await r.owner.retirements.submit({
          id: r.retirement!.id,
          comments: spent > r.requested ? 'prices rose' : '',
          amount_spent: spent / 100,
          amount_currency: 'tzs',
          file_paths: spent > 0 ? [await r.owner.receipt()] : [],
        });
        if (submitted.statusCode === 409) {
          expect(submitted.json().code).toBe('BUDGET_EXCEEDED');
          seen.refusedExcess += 1;
        } else {
          expect({ stepNo, status: submitted.statusCode, body: submitted.json().error }).toEqual({ stepNo, status: 200, body: undefined });
          r.retirement = { ...r.retirement!, status: 'on_progress', spent };
        }
      } else if (roll < 0.78 && where('on_progress').length) {
        const r = pick(where('on_progress'));
        const outcome = await reviewRetirement(r, next() < 0.8);
        if (outcome === 'approved') {
          r.retirement!.status = 'approved';
          if (r.retirement!.spent > r.requested) seen.excessApproved += 1;
        } else if (outcome === 'rejected') r.retirement!.status = 'rejected';
        else seen.refusedExcess += 1;
      } else if (roll < 0.88 && where('approved').some((r) => !r.retirement!.settled && r.retirement!.spent !== r.requested)) {
        const r = pick(where('approved').filter((x) => !x.retirement!.settled && x.retirement!.spent !== x.requested));
        const difference = Math.abs(r.requested - r.retirement!.spent);
        const body = {
          id: r.retirement!.id,
          amount: difference / 100,
          date: dateFromToday(0),
          method: 'cash',
          network: null,
          reference: '',
          phone: null,
        };
        // a cent off is refused; the difference exactly is recorded, once
        expect((await settle(finance, { ...body, amount: (difference + 1) / 100 })).statusCode).toBe(400);
        const settled = await settle(pick([finance, director]), body);
        expect({ stepNo, status: settled.statusCode, body: settled.json().error }).toEqual({ stepNo, status: 200, body: undefined });
        expect((await settle(finance, body)).statusCode).toBe(409);
        r.retirement!.settled = true;
        seen.settled += 1;
      } else if (roll < 0.94) {
        // finance cuts or raises the code; a cut below what it commits is refused
        const { id, amount: shown } = await read();
        expect(Math.round(shown * 100)).toBe(amount);
        const target = Math.max(100, Math.floor(amount * (0.6 + next() * 0.8)));
        const edited = await budget.update({ ...budgetBody({ code: CODE, amount: target / 100 }), id });
        if (edited.statusCode === 200) {
          amount = target;
          seen.cuts += 1;
        } else {
          expect(edited.statusCode).toBe(400);
          seen.refusedCuts += 1;
        }
      } else if (where('rejected').length) {
        const r = pick(where('rejected'));
        expect((await r.owner.retirements.reopen(r.retirement!.id)).statusCode).toBe(200);
        r.retirement!.status = 'pending';
      }

      const committed = tracked
        .filter((r) => r.status !== 'rejected')
        .reduce((sum, r) => sum + (r.retirement?.status === 'approved' ? r.retirement.spent : r.requested), 0);
      const now = await read();
      expect({ stepNo, amount: Math.round(now.amount * 100), balance: Math.round(now.balance * 100) }).toEqual({
        stepNo,
        amount,
        balance: amount - committed,
      });
      expect(now.balance).toBeGreaterThanOrEqual(0);
    }

    // every approved retirement says how it stands: awaiting until recorded, settled after, or nothing to settle
    for (const r of tracked.filter((x) => x.retirement?.status === 'approved')) {
      const answer = (await finance.retirements.get(r.retirement!.id)).json().data;
      const even = r.retirement!.spent === r.requested;
      expect({ id: r.id, state: answer.settlement_state }).toEqual({
        id: r.id,
        state: even || r.retirement!.settled ? 'settled' : 'awaiting',
      });
    }
    // the walk went through every kind of step, refusals included
    expect(seen).toEqual({
      refusedSubmissions: expect.any(Number),
      refusedExcess: expect.any(Number),
      excessApproved: expect.any(Number),
      settled: expect.any(Number),
      cuts: expect.any(Number),
      refusedCuts: expect.any(Number),
    });
    for (const [kind, n] of Object.entries(seen)) expect({ kind, reached: n > 0 }).toEqual({ kind, reached: true });
  }, 180_000);
});
