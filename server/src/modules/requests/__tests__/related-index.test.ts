import { createTestApp, type TestApp } from '../../../test-support/app';
import { sqlitePlansOf } from '../../../test-support/query-plans';
import { relatedTotals } from '../related-repository';

/**
 * The split view (related.test.ts, both databases) reads only the owner's latest requests submitted
 * since the window's first midnight: a range of requests_org_owner_latest, a handful of rows
 * however many requests the organisation or the code holds; no index of its own (0026).
 */
describe("the owner's other requests on the code (sqlite plan)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(() => t.close());

  it("reads a range of the owner's recent latest versions from an index", async () => {
    const filter = { organizationId: 1, ownerId: 1, budgetCodeId: 1, since: '2026-01-01T21:00:00.000Z', rootId: 1 };
    const [totals] = await sqlitePlansOf(t.dataDir, (db) => relatedTotals(db, filter));
    expect(totals).toMatch(
      /SEARCH requests USING INDEX requests_org_owner_latest \(organization_id=\? AND request_owner_id=\? AND is_latest=\? AND created_at>\?\)/,
    );
    expect(totals).not.toMatch(/SCAN requests/);
  });
});
