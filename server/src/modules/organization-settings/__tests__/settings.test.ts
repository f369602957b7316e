import { createTestApp, DIALECTS, type TestApp } from '../../../test-support/app';
import { jsonCaller, signIn } from '../../../test-support/http';
import { addOrganization, addUser } from '../../../test-support/users';
import { DIRECTORS_ONLY_SETTINGS } from '../routes';
import { REVIEW_REMINDER_DAYS_PROBLEM } from '@imprest/domain';

/** The days a request may wait at a step before its reviewers are reminded, set by a director. */
describe.each(DIALECTS)('organisation settings (%s)', (dialect) => {
  let t: TestApp;
  const as = async (email: string) => jsonCaller(t.app, (await signIn(t.app, email)).token);

  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('everyone reads them; a director changes them, 0 or empty turning reminders off, with an audit row', async () => {
    const staff = await as('staff@example.org');
    const director = await as('director@example.org');
    expect((await staff('GET', 'organization/settings')).json()).toEqual({ data: { review_reminder_days: 3, receipt_exempt_below: 0 } });

    for (const [sent, kept] of [
      [7, 7],
      [0, 0],
      [null, 0],
      [60, 60],
    ] as const) {
      const saved = await director('PUT', 'organization/settings', { review_reminder_days: sent });
      expect([saved.statusCode, saved.json()]).toEqual([200, { data: { review_reminder_days: kept, receipt_exempt_below: 0 } }]);
    }
    expect((await staff('GET', 'organization/settings')).json().data.review_reminder_days).toBe(60);
    const audit = await t.app.db
      .selectFrom('audit_log')
      .select(['before_json', 'after_json'])
      .where('entity', '=', 'organization')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect([JSON.parse(audit.before_json!), JSON.parse(audit.after_json!)]).toEqual([
      { review_reminder_days: 0 },
      { review_reminder_days: 60 },
    ]);
  });

  it('refuses anything but whole days 0–60 with a sentence, and anyone but a director with 403', async () => {
    const director = await as('director@example.org');
    await director('PUT', 'organization/settings', { review_reminder_days: 5 });
    for (const bad of [-1, 61, 2.5]) {
      const refused = await director('PUT', 'organization/settings', { review_reminder_days: bad });
      expect([refused.statusCode, refused.json()]).toEqual([400, { error: REVIEW_REMINDER_DAYS_PROBLEM, code: 'BAD_REQUEST' }]);
    }
    expect((await director('PUT', 'organization/settings', { review_reminder_days: 'soon' })).statusCode).toBe(400);
    expect((await director('PUT', 'organization/settings', {})).statusCode).toBe(400);
    const finance = await as('finance_officer@example.org');
    const forbidden = await finance('PUT', 'organization/settings', { review_reminder_days: 1 });
    expect([forbidden.statusCode, forbidden.json().error]).toEqual([403, DIRECTORS_ONLY_SETTINGS]);
    expect((await director('GET', 'organization/settings')).json().data.review_reminder_days).toBe(5);
  });

  it("a director of another organisation changes only their own organisation's", async () => {
    const other = await addOrganization(t.app, 'Elsewhere');
    await addUser(t.app, { email: 'boss@elsewhere.org', organization_id: other, role: 'director', system_role: 'director' });
    const boss = await as('boss@elsewhere.org');
    const director = await as('director@example.org');
    const before = (await director('GET', 'organization/settings')).json().data.review_reminder_days;
    expect((await boss('PUT', 'organization/settings', { review_reminder_days: 11 })).statusCode).toBe(200);
    expect((await boss('GET', 'organization/settings')).json().data.review_reminder_days).toBe(11);
    expect((await director('GET', 'organization/settings')).json().data.review_reminder_days).toBe(before);
  });
});
