import { createTestApp, DIALECTS, type TestApp } from '../../../test-support/app';
import { lockOrganization } from '../repository';

describe.each(DIALECTS)('users repository (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  // The last-director and e-mail checks read, then write; this is what keeps two of them apart.
  it('serialises transactions that lock the same organisation', async () => {
    const steps: string[] = [];
    let aLocked!: () => void;
    const aHasLock = new Promise<void>((resolve) => (aLocked = resolve));
    const a = t.app.db.transaction().execute(async (trx) => {
      await lockOrganization(trx, dialect, 1);
      steps.push('A locked');
      aLocked();
      await new Promise((resolve) => setTimeout(resolve, 300));
      await trx.updateTable('users').set({ phone_number: '0700000001' }).where('email', '=', 'staff@example.org').execute();
      steps.push('A done');
    });
    await aHasLock;
    const b = t.app.db.transaction().execute(async (trx) => {
      await lockOrganization(trx, dialect, 1);
      steps.push('B locked');
    });
    await Promise.all([a, b]);
    expect(steps).toEqual(['A locked', 'A done', 'B locked']);
  });
});
