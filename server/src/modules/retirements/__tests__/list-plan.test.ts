import { createTestApp, type TestApp } from '../../../test-support/app';
import { sqlitePlansOf } from '../../../test-support/query-plans';
import { listAwaitingRetirements, listRetirements } from '../repository';

/**
 * The retirements list costs the same however many requests exist: its page is read from the
 * retirements newest first (the organisation's, or the owner's own) and stops after the page, with
 * no sort of every match; its total comes from retirement_tallies (tallies.test.ts holds the values).
 */
describe('the retirements list page (sqlite plan)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(() => t.close());

  const viewer = { id: 5, organization_id: 1, system_role: 'finance_officer' as const, role: 'admin' };

  it.each([
    [
      'the organisation',
      { kind: 'organisation' as const },
      /SEARCH retirements USING INDEX retirements_org_created \(organization_id=\?\)/,
    ],
    ["the caller's own", { kind: 'own' as const }, /SEARCH retirements USING INDEX retirements_owner \(owner_id=\?\)/],
  ])('reads %s in order from an index and counts from the tallies', async (_name, scope, index) => {
    const [page, total] = await sqlitePlansOf(t.dataDir, (db) =>
      listRetirements(db, { viewer: viewer as never, scope }, { limit: 15, offset: 0 }),
    );
    expect(page).toMatch(index);
    expect(page).not.toMatch(/TEMP B-TREE/);
    expect(total).toMatch(/SEARCH retirement_tallies USING (COVERING )?INDEX/);
    expect(total).not.toMatch(/\b(requests|retirements) /);
  });
});

/**
 * The retirements pending list costs the same however long the role's queue: its page read in order
 * from retirements_next_role and stopping after it, its total from retirement_awaiting_tallies
 * (awaiting-tallies.test.ts holds the values), never a count over the queue.
 */
describe('the retirements pending list (sqlite plan)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(() => t.close());

  it('reads its page in order from an index and its total from the tallies', async () => {
    const [page, total, ...more] = await sqlitePlansOf(t.dataDir, (db) =>
      listAwaitingRetirements(db, { organizationId: 1, role: 'finance_officer', viewerId: 5, lent: [] }, { limit: 15, offset: 0 }),
    );
    expect(more).toEqual([]);
    expect(page).toMatch(/SEARCH retirements USING INDEX retirements_next_role \(organization_id=\? AND next_reviewer_role=\?\)/);
    expect(page).not.toMatch(/TEMP B-TREE/);
    expect(total).toMatch(/SEARCH retirement_awaiting_tallies USING (COVERING )?INDEX/);
    expect(total).not.toMatch(/\b(requests|retirements) /);
  });
});
