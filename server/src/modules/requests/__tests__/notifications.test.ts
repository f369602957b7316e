import { DEFAULT_APPROVAL_MATRIX } from '@imprest/domain';
import { createTestApp, DIALECTS, type TestApp } from '../../../test-support/app';
import { signIn } from '../../../test-support/http';
import { lastMailId, mailsSince, requestBody, requestsApi, type RequestsApi } from '../../../test-support/requests';

/** docs/product-rules.md §Notifications with cascading_notification on: the later steps hear of each step. */
describe.each(DIALECTS)('request e-mails with cascading notification (%s)', (dialect) => {
  let t: TestApp;
  let staff: RequestsApi;
  let finance: RequestsApi;
  let secretary: RequestsApi;
  const recipients = async (since: number) => (await mailsSince(t.app, since)).map((m) => [m.to_address, m.subject]);
  const mute = (email: string, on: boolean) =>
    t.app.db
      .updateTable('users')
      .set({ settings: JSON.stringify({ mute_notification: on }) })
      .where('email', '=', email)
      .execute();

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const bands = DEFAULT_APPROVAL_MATRIX.map((band) => ({ ...band, cascading_notification: true }));
    await t.app.db
      .insertInto('approval_matrices')
      .values({ organization_id: 1, bands: JSON.stringify(bands), modified_by: null, modified_at: new Date().toISOString() })
      .execute();
    [staff, finance, secretary] = await Promise.all(
      ['staff', 'finance_officer', 'executive_secretary'].map(async (role) =>
        requestsApi(t.app, (await signIn(t.app, `${role}@example.org`)).token),
      ),
    );
  });
  afterAll(() => t.close());

  const about = 'Travel request of TZS 200,000,000 by Neema Mushi';

  it('tells the first step to act and the later ones that it is coming, then moves on step by step', async () => {
    let since = await lastMailId(t.app);
    const data = (await staff.create(requestBody({ budget_code: 8205, amount_requested: 200_000_000 }))).json().data;
    expect(await recipients(since)).toEqual([
      ['finance_officer@example.org', `Request to review: ${about}`],
      ['executive_secretary@example.org', `New request: ${about}`],
      ['director@example.org', `New request: ${about}`],
    ]);

    since = await lastMailId(t.app);
    await finance.review({ request_id: data.id, review_id: data.reviews[0].id, status: 'approved', comments: 'Budgeted' });
    expect(await recipients(since)).toEqual([
      ['executive_secretary@example.org', `Request to review: ${about}`],
      ['director@example.org', `Request update: ${about}`],
    ]);
    const update = (await mailsSince(t.app, since))[1].text_body;
    expect(update).toContain('Grace Lyimo (Finance Officer) approved step 1 of 3');
    expect(update).toContain('Grace Lyimo wrote: Budgeted');

    since = await lastMailId(t.app);
    await secretary.review({ request_id: data.id, review_id: data.reviews[1].id, status: 'rejected', comments: 'Not this year' });
    expect(await recipients(since)).toEqual([
      ['staff@example.org', 'Your request was rejected'],
      ['director@example.org', `Request update: ${about}`],
    ]);
  });

  it('leaves out whoever muted notifications, the owner included', async () => {
    await mute('executive_secretary@example.org', true);
    await mute('staff@example.org', true);
    let since = await lastMailId(t.app);
    const data = (await staff.create(requestBody({ amount_requested: 10 }))).json().data;
    expect(await recipients(since)).toEqual([
      ['finance_officer@example.org', 'Request to review: Travel request of TZS 10 by Neema Mushi'],
    ]);
    since = await lastMailId(t.app);
    await finance.review({ request_id: data.id, review_id: data.reviews[0].id, status: 'request_edit', comments: 'Which bus?' });
    expect(await recipients(since)).toEqual([]);
    await mute('executive_secretary@example.org', false);
    await mute('staff@example.org', false);
  });
});
