import { RETIREMENT_STATUSES } from '@imprest/domain';
import { createTestApp, DIALECTS, type TestApp } from '../../../test-support/app';
import { approvedRequest, loopCaller, pendingStep, type LoopCaller } from '../../../test-support/retirements';
import { refillRetirementTallies } from '../tallies';

/** Park–Miller's minimal standard generator: the same walk on every run and dialect. */
function random(seed: number) {
  let x = seed % 2_147_483_647;
  return () => (x = (x * 48_271) % 2_147_483_647) / 2_147_483_647;
}

/**
 * The retirements list's totals come from retirement_tallies without a search: through a walk of
 * attachments, submissions, approvals, rejections and reopenings they equal the rows the same list
 * returns, for every viewer, mode and filter, and a recount from the retirements finds what the
 * services kept.
 */
describe.each(DIALECTS)('retirement list totals from retirement_tallies (%s)', (dialect) => {
  let t: TestApp;
  const people: Record<string, LoopCaller> = {};
  beforeAll(async () => {
    t = await createTestApp(dialect);
    for (const who of ['staff', 'staff2', 'admin', 'finance_officer', 'executive_secretary', 'director', 'petty_cash_custodian'])
      people[who] = await loopCaller(t.app, `${who}@example.org`);
  });
  afterAll(() => t.close());

  const retirementsIn = (status: string) =>
    t.app.db
      .selectFrom('retirements')
      .select(['id', 'owner_id'])
      .where('status', '=', status as never)
      .orderBy('id')
      .execute();
  const ownerOf = (id: number) => Object.values(people).find((p) => p.id === id)!;

  async function walk(steps: number) {
    const next = random(20_261_128);
    const pick = <T>(items: T[]) => items[Math.floor(next() * items.length)]!;
    const { finance_officer: finance, executive_secretary: secretary } = people;
    for (let i = 0; i < steps; i += 1) {
      const roll = next();
      const [pending, reviewing, rejected] = await Promise.all(['pending', 'on_progress', 'rejected'].map(retirementsIn));
      if (roll < 0.3 || pending.length + reviewing.length === 0) {
        const owner = pick([people.staff, people.staff2, people.admin]);
        const id = await approvedRequest(owner, [finance, secretary], { amount_requested: 1000 });
        expect((await finance.retirements.attach(id)).statusCode).toBe(201);
      } else if (roll < 0.55 && pending.length) {
        const { id, owner_id } = pick(pending);
        const owner = ownerOf(owner_id);
        const submitted = await owner.retirements.submit({
          id,
          amount_spent: 900,
          amount_currency: 'tzs',
          comments: '',
          file_paths: [await owner.receipt()],
        });
        expect(submitted.statusCode).toBe(200);
      } else if (roll < 0.85 && reviewing.length) {
        const { id } = pick(reviewing);
        const step = await pendingStep(finance.retirements, id);
        const reviewer = step.reviewer_role === 'finance_officer' ? finance : secretary;
        const status = next() < 0.6 ? 'approved' : 'rejected';
        const acted = await reviewer.retirements.review({
          id,
          review_id: step.id,
          status,
          comments: status === 'rejected' ? 'Receipt unreadable' : '',
        });
        expect(acted.statusCode).toBe(200);
      } else if (rejected.length) {
        const { id, owner_id } = pick(rejected);
        expect((await ownerOf(owner_id).retirements.reopen(id)).statusCode).toBe(200);
      }
    }
  }

  it('answers every list total as the rows it lists, for every viewer, mode and filter', async () => {
    await walk(40);
    // one still waiting for its owner, so every status is listed below
    const id = await approvedRequest(people.staff, [people.finance_officer, people.executive_secretary], { amount_requested: 1000 });
    expect((await people.finance_officer.retirements.attach(id)).statusCode).toBe(201);
    const reached = await t.app.db.selectFrom('retirements').select('status').distinct().execute();
    expect(reached.map((r) => r.status).sort()).toEqual([...RETIREMENT_STATUSES].sort());
    const filters = [
      '',
      'owed=true',
      ...RETIREMENT_STATUSES.map((s) => `status=${s}`),
      'owed=true&status=approved',
      'owed=true&status=rejected',
    ];
    for (const [who, person] of Object.entries(people)) {
      for (const role of ['user', who.replace(/2$/, '')]) {
        for (const filter of filters) {
          const answer = (await person.retirements.list(`role=${role}&limit=100&${filter}`)).json();
          expect({ who, role, filter, total: answer.total }).toEqual({ who, role, filter, total: answer.retirements.length });
        }
      }
    }
  });

  it('recounts from the retirements exactly the tallies the services kept (the migration backfill and the maintenance command)', async () => {
    const kept = () =>
      t.app.db
        .selectFrom('retirement_tallies')
        .selectAll()
        .where('n', '<>', 0)
        .orderBy('organization_id')
        .orderBy('chain_role')
        .orderBy('status')
        .orderBy('owner_id')
        .execute()
        .then((rows) => rows.map((r) => ({ ...r, n: Number(r.n) })));
    const before = await kept();
    expect(before.length).toBeGreaterThan(5);
    await t.app.db.updateTable('retirement_tallies').set({ n: 99 }).execute();
    await t.app.db.transaction().execute((trx) => refillRetirementTallies(trx));
    expect(await kept()).toEqual(before);
  });
});
