import { createTestApp, type TestApp } from '../../../test-support/app';
import { sqlitePlansOf } from '../../../test-support/query-plans';
import { unretiredTotals } from '../../retirements/repository';

/**
 * The request detail shows reviewers the owner's outstanding advances (values: retirements'
 * advances.test.ts, both databases). Read from indexes alone, they cost the same however many
 * requests the owner has: the sums from requests_owner_advances, which holds every column they read
 * (SQLite never loads the row, though its plan does not say COVERING for a partial index), the oldest due date
 * from the first entry of requests_unretired — not the organisation's unretired rows one by one.
 */
describe("the owner's outstanding advances on the request detail (sqlite plan)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(() => t.close());

  it('sums them over a covering index and takes the oldest due date from the first entry of another', async () => {
    const [totals, oldest] = await sqlitePlansOf(t.dataDir, (db) => unretiredTotals(db, 1, 1));
    expect(totals).toMatch(/USING (COVERING )?INDEX requests_owner_advances \(organization_id=\? AND request_owner_id=\?\)/);
    expect(oldest).toMatch(
      /USING (COVERING )?INDEX requests_unretired \(organization_id=\? AND request_owner_id=\? AND retirement_due>\?\)/,
    );
    expect(oldest).not.toMatch(/TEMP B-TREE/);
  });
});
