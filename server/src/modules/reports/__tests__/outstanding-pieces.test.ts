import { calendarDateAt } from '@imprest/domain';
import { sql } from 'kysely';
import { type TestApp } from '../../../test-support/app';
import { sqlitePlansOf } from '../../../test-support/query-plans';
import { approvedRequest, approvedRetirement, loopSetup, type LoopCaller } from '../../../test-support/retirements';
import { loadExchangeRates } from '../../approval/repository';
import { outstanding } from '../outstanding';

const TZ = 'Africa/Dar_es_Salaam';

/**
 * On SQLite the Outstanding advances report's totals (the ageing, and awaiting settlement's count and
 * sums) are read a piece of ids at a time with the event loop free between pieces. Advances and
 * retirements far apart in id, some pieces holding none, give the report one statement over every
 * id gives, total for total.
 */
describe('the Outstanding advances report read in pieces of ids (sqlite)', () => {
  let t: TestApp;
  let staff: LoopCaller, finance: LoopCaller, secretary: LoopCaller;
  loopSetup('sqlite', (loop) => ({ t, staff, finance, secretary } = loop), 'all');

  /** The next request and retirement ids start here: past one piece of the ageing (25,000) and two of awaiting settlement (10,000). */
  const skipIds = (to: number) =>
    sql`update sqlite_sequence set seq = ${to} where name in ('requests', 'retirements')`.execute(t.app.db).then(() => undefined);

  beforeAll(async () => {
    const reviewers = () => [finance, secretary];
    for (const batch of [0, 1]) {
      if (batch) await skipIds(25_007);
      await approvedRequest(staff, reviewers(), { amount_requested: 1_000 + batch });
      await approvedRequest(staff, reviewers(), { amount_requested: 3_000.5 });
      await approvedRetirement(staff, reviewers(), 10_000, 9_000 - batch);
      await approvedRetirement(staff, reviewers(), 10_000, 10_500.5);
    }
  });

  it('gives the totals one statement gives, reading each piece from its index', async () => {
    const rates = await loadExchangeRates(t.app.db, 1);
    const query = { organizationId: 1, timeZone: TZ, today: calendarDateAt(new Date(), TZ), page: 1, perPage: 50 };
    const whole = await outstanding(t.app.db, query, rates);
    const pieces = await outstanding(t.app.db, { ...query, dialect: 'sqlite' }, rates);
    expect(pieces).toEqual(whole);
    // the advances of both batches, and the retirements awaiting settlement: 9,000 and 8,999 spent of 10,000, 10,500.50 twice
    expect(whole.count).toBe(4);
    expect(whole.awaiting_settlement).toMatchObject({ count: 4, to_return: 2_001, owed: 1_001 });
    const plans = await sqlitePlansOf(t.dataDir, (db) => outstanding(db, { ...query, dialect: 'sqlite' }, rates));
    // ids 1… and 25,008…: two pieces of the ageing, three of awaiting settlement (one of them empty)
    expect(plans.filter((plan) => plan.includes('requests_unretired_ageing'))).toHaveLength(2);
    const settlementPieces = plans.filter((plan) => plan.includes('TEMP B-TREE FOR GROUP BY') && plan.startsWith('SEARCH retirements'));
    expect(settlementPieces).toHaveLength(3);
    for (const plan of settlementPieces) expect(plan).toMatch(/^SEARCH retirements USING INTEGER PRIMARY KEY \(rowid>\? AND rowid<\?\)/);
  });
});
