import { createTestApp, type TestApp } from '../../../test-support/app';
import { sqlitePlansOf } from '../../../test-support/query-plans';
import { unretiredTotals } from '../../retirements/repository';

/**
 * The request detail shows reviewers the owner's outstanding advances (values: retirements'
 * advances.test.ts, both databases; the kept rows: budget's usage-property.test.ts). They cost the
 * same however many requests the owner has: the sums from the owner's rows in budget_owner_usage,
 * the oldest due date from the first entry of requests_unretired — no request read one by one.
 */
describe("the owner's outstanding advances on the request detail (sqlite plan)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(() => t.close());

  it("sums the owner's kept rows and takes the oldest due date from the first entry of an index", async () => {
    const [totals, oldest] = await sqlitePlansOf(t.dataDir, (db) => unretiredTotals(db, 1, 1));
    expect(totals).toMatch(/SEARCH budget_owner_usage USING INDEX budget_owner_usage_owner \(organization_id=\? AND owner_id=\?\)/);
    expect(totals).not.toMatch(/\brequests\b/);
    expect(oldest).toMatch(
      /USING (COVERING )?INDEX requests_unretired \(organization_id=\? AND request_owner_id=\? AND retirement_due>\?\)/,
    );
    expect(oldest).not.toMatch(/TEMP B-TREE/);
  });
});
