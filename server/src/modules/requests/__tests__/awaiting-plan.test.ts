import { createTestApp, type TestApp } from '../../../test-support/app';
import { sqlitePlansOf } from '../../../test-support/query-plans';
import { countAwaiting, listAwaiting, oldestAwaiting } from '../list-repository';

/**
 * What awaits a reviewer costs the same however long their role's queue: the count from
 * awaiting_tallies (awaiting-tallies.test.ts holds the values), the pending page and the review
 * queue's oldest read in order from an index and stopping early, with no sort of the queue.
 */
describe('what awaits a reviewer (sqlite plan)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(() => t.close());

  const filter = { organizationId: 1, viewerId: 5, role: 'finance_officer' as const, lent: [] };

  it('counts from the tallies, never from the requests', async () => {
    const plans = await sqlitePlansOf(t.dataDir, (db) => countAwaiting(db, filter));
    expect(plans).toEqual([
      expect.stringMatching(/^SEARCH awaiting_tallies USING (COVERING )?INDEX \S+ \(organization_id=\? AND reviewer_role=\?\)$/),
    ]);
  });

  it('reads the pending page oldest first from requests_org_role_latest, without sorting', async () => {
    const [page] = await sqlitePlansOf(t.dataDir, (db) => listAwaiting(db, filter, { limit: 10, offset: 0 }));
    expect(page).toMatch(
      /SEARCH requests USING INDEX requests_org_role_latest \(organization_id=\? AND next_reviewer_role=\? AND is_latest=\?\)/,
    );
    expect(page).not.toMatch(/TEMP B-TREE/);
  });

  it("reads the review queue's oldest from requests_org_role_waiting, without sorting", async () => {
    const [oldest] = await sqlitePlansOf(t.dataDir, (db) => oldestAwaiting(db, filter));
    expect(oldest).toMatch(
      /SEARCH requests USING (COVERING )?INDEX requests_org_role_waiting \(organization_id=\? AND next_reviewer_role=\? AND is_latest=\?\)/,
    );
    expect(oldest).not.toMatch(/TEMP B-TREE/);
  });
});
