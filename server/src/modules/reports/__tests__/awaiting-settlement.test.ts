import { DIALECTS, type TestApp } from '../../../test-support/app';
import { authHeaders } from '../../../test-support/http';
import { sqlitePlansOf } from '../../../test-support/query-plans';
import { approvedRetirement, loopSetup, type LoopCaller } from '../../../test-support/retirements';
import { awaitingSettlement } from '../awaiting-settlement';

/**
 * The Outstanding advances report's "awaiting settlement": the count and totals of every approved
 * retirement whose difference is not settled, grouped in SQL by currency and difference (each still
 * converted on its own), and the oldest approvals read in order from an index.
 */
describe.each(DIALECTS)('awaiting settlement in the Outstanding advances report (%s)', (dialect) => {
  let t: TestApp;
  let staff: LoopCaller, finance: LoopCaller, secretary: LoopCaller;
  loopSetup(dialect, (loop) => ({ t, staff, finance, secretary } = loop), 'all');

  it('counts and sums retirements with the same difference each, and lists the oldest approval first', async () => {
    const first = await approvedRetirement(staff, [finance, secretary], 10_000, 9_000);
    const second = await approvedRetirement(staff, [finance, secretary], 20_000, 19_000);
    const owed = await approvedRetirement(staff, [finance, secretary], 10_000, 10_500.5);
    await approvedRetirement(staff, [finance, secretary], 5_000, 5_000);
    const answer = await t.app.inject({ method: 'GET', url: '/api/v1/reports/outstanding', headers: authHeaders(finance.token) });
    expect(answer.statusCode).toBe(200);
    const report = answer.json().awaiting_settlement;
    expect({ ...report, rows: report.rows.map((r: { retirement_id: number }) => r.retirement_id) }).toEqual({
      count: 3,
      to_return: 2_000,
      owed: 500.5,
      rows: [first, second, owed],
    });
  });

  (dialect === 'sqlite' ? it : it.skip)('reads its page from retirements_org_approved without sorting (sqlite plan)', async () => {
    const [, page] = await sqlitePlansOf(t.dataDir, (db) =>
      awaitingSettlement(db, { organizationId: 1, timeZone: 'Africa/Dar_es_Salaam' }, { tzs: 1 } as never),
    );
    expect(page).toMatch(/SEARCH retirements USING INDEX retirements_org_approved \(organization_id=\? AND status=\?\)/);
    expect(page).not.toMatch(/TEMP B-TREE/);
  });
});
