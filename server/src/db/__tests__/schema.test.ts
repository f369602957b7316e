import type { NewUser } from '../schema';
import { createTestApp, DIALECTS, type TestApp } from '../../test-support/app';
import { addUser } from '../../test-support/users';

describe.each(DIALECTS)('database rules (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const now = new Date().toISOString();
  const insert = (values: Partial<NewUser> & { email: string }) => addUser(t.app, values);

  /**
   * The database's refusal. better-sqlite3 errors come from another realm than jest's, which
   * `rejects.toThrow` does not always recognise, so the message is checked directly.
   */
  async function refusal(write: Promise<unknown>): Promise<string> {
    return write.then(
      () => 'accepted',
      (error: unknown) => String((error as { message?: unknown })?.message),
    );
  }

  it('keeps e-mails lower-case and unique among live users of an organisation', async () => {
    expect(await refusal(insert({ email: 'Person@Example.org' }))).toMatch(/constraint/i);
    expect(await refusal(insert({ email: 'director@example.org' }))).toMatch(/constraint/i);
    // A deleted account frees its address.
    await insert({ email: 'gone@example.org', deleted_at: now });
    await insert({ email: 'gone@example.org' });
  });

  it('accepts only known system roles and lock reasons', async () => {
    expect(await refusal(insert({ email: 'x1@example.org', system_role: 'emperor' as never }))).toMatch(/constraint/i);
    expect(await refusal(insert({ email: 'x2@example.org', lock_reason: 'whim' as never }))).toMatch(/constraint/i);
  });

  it('stores budget amounts exactly and codes once per organisation', async () => {
    const row = {
      organization_id: 1,
      name: 'Large',
      code: 9199,
      description: '',
      amount: 900_719_925_474_099, // 9,007,199,254,740.99 in cents: far beyond 32 bits
      amount_currency: 'tzs',
      department: 'all',
      current_status: 'active' as const,
      meta_data: '["youthBootCamps","stemParkDar"]',
      created_at: now,
      modified_at: now,
    };
    await t.app.db.insertInto('budget_codes').values(row).execute();
    const stored = await t.app.db.selectFrom('budget_codes').select('amount').where('code', '=', 9199).executeTakeFirstOrThrow();
    expect(stored.amount).toBe(row.amount);
    expect(await refusal(t.app.db.insertInto('budget_codes').values(row).execute())).toMatch(/constraint/i);
  });
});
