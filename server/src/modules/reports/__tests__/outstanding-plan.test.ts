import { calendarDateAt } from '@imprest/domain';
import { sql } from 'kysely';
import { DIALECTS, type TestApp } from '../../../test-support/app';
import { sqlitePlansOf } from '../../../test-support/query-plans';
import { approvedRequest, loopSetup, type LoopCaller } from '../../../test-support/retirements';
import { loadExchangeRates } from '../../approval/repository';
import { outstanding, outstandingPieces } from '../outstanding';

const TZ = 'Africa/Dar_es_Salaam';
/** More than two of the download's pieces (2,000 advances each). */
const ADVANCES = 4_100;

/** The download's rows, every piece of them in order. */
async function allOutstandingRows(...args: Parameters<typeof outstandingPieces>) {
  const rows = [];
  for await (const piece of outstandingPieces(...args)) rows.push(...piece);
  return rows;
}

/**
 * The Outstanding advances report at scale: its totals read from a covering partial index, its page
 * in order from another, and its download — read a piece at a time with the event loop free between
 * pieces — holds exactly the rows the report lists, in its order.
 */
describe.each(DIALECTS)('the Outstanding advances report over thousands of advances (%s)', (dialect) => {
  let t: TestApp;
  let staff: LoopCaller, finance: LoopCaller, secretary: LoopCaller;
  loopSetup(dialect, (loop) => ({ t, staff, finance, secretary } = loop), 'all');

  const query = () => ({ organizationId: 1, timeZone: TZ, today: calendarDateAt(new Date(), TZ), dialect });

  beforeAll(async () => {
    // one approved advance, copied: the copies share its due date, so their order is by id across pieces
    const id = await approvedRequest(staff, [finance, secretary]);
    const row = await t.app.db.selectFrom('requests').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const columns = Object.keys(row).filter((c) => c !== 'id');
    const values = columns.map((c) => (c === 'approval_number' ? 'null' : `r.${c}`));
    await sql
      .raw(
        `with recursive n(i) as (select 1 union all select i + 1 from n where i < ${ADVANCES - 1}) ` +
          `insert into requests (${columns.join(', ')}) select ${values.join(', ')} from n cross join requests as r where r.id = ${id}`,
      )
      .execute(t.app.db);
  });

  it('downloads every advance the report lists, in its order, across pieces', async () => {
    const rates = await loadExchangeRates(t.app.db, 1);
    const report = await outstanding(t.app.db, { ...query(), page: 1, perPage: ADVANCES + 10 }, rates);
    expect(report.count).toBe(ADVANCES);
    const all = await allOutstandingRows(t.app.db, query(), rates, 100_000);
    expect(all).toHaveLength(ADVANCES);
    expect(all).toEqual(report.rows);
    expect(await allOutstandingRows(t.app.db, query(), rates, 2_500)).toEqual(report.rows.slice(0, 2_500));
  });

  (dialect === 'sqlite' ? it : it.skip)('reads its totals from requests_unretired_ageing and its page in order (sqlite plan)', async () => {
    const rates = await loadExchangeRates(t.app.db, 1);
    const plans = await sqlitePlansOf(t.dataDir, (db) => outstanding(db, { ...query(), page: 1, perPage: 50 }, rates));
    // the totals a piece of ids at a time (one here: every id is below the piece's size), each from the covering index
    const totals = plans.filter((plan) => plan.includes('requests_unretired_ageing'));
    expect(totals).toHaveLength(1);
    expect(totals[0]).toMatch(/SEARCH requests USING COVERING INDEX requests_unretired_ageing \(organization_id=\?\)/);
    const page = plans.find((plan) => plan.includes('requests_unretired_due'));
    expect(page).toMatch(/SEARCH requests USING INDEX requests_unretired_due \(organization_id=\?\)/);
    expect(page).not.toMatch(/TEMP B-TREE/);
    // the download a piece at a time, each after the last of the one before: a seek into the index, no walk of all of it
    const [first, ...later] = await sqlitePlansOf(t.dataDir, (db) => allOutstandingRows(db, query(), rates, 100_000));
    expect(later).toHaveLength(Math.ceil(ADVANCES / 2_000) - 1);
    expect(first).toMatch(/SEARCH requests USING INDEX requests_unretired_due \(organization_id=\?\)/);
    for (const plan of later)
      expect(plan).toMatch(/SEARCH requests USING INDEX requests_unretired_due \(organization_id=\? AND retirement_due>\?\)/);
    for (const plan of [first, ...later]) expect(plan).not.toMatch(/TEMP B-TREE/);
  });
});
