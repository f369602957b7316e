import { createTestApp, DIALECTS, type TestApp } from '../../../test-support/app';
import { act, linkApi, mailedLinks, reviewer, submitted, useDirectorChain, type Reviewer } from '../../../test-support/delegations';
import { dateFromToday, lastMailId } from '../../../test-support/requests';
import { LINK_INVALID, LINK_USED, REQUEST_CHANGED } from '../service';

describe.each(DIALECTS)('review links from e-mail (%s)', (dialect) => {
  let t: TestApp;
  let links: ReturnType<typeof linkApi>;
  let staff: Reviewer, admin: Reviewer, finance: Reviewer, secretary: Reviewer, director: Reviewer;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    await useDirectorChain(t.app);
    links = linkApi(t.app);
    [staff, admin, finance, secretary, director] = await Promise.all(
      ['staff', 'admin', 'finance_officer', 'executive_secretary', 'director'].map((r) => reviewer(t.app, `${r}@example.org`)),
    );
  });
  afterAll(() => t.close());

  /** A new request and the link mailed to `to` for its first step. */
  const mailed = async (to = 'finance_officer@example.org') => {
    const mailId = await lastMailId(t.app);
    const request = await submitted(staff);
    const link = (await mailedLinks(t.app, mailId)).find((l) => l.to === to)!;
    return { request, token: link.token };
  };
  const stepStatus = async (requestId: number) =>
    (await t.app.db.selectFrom('reviews').select('status').where('request_id', '=', requestId).orderBy('position').execute()).map(
      (r) => r.status,
    );

  it('opening the link shows the request and acts on nothing; the button acts once, as the recipient', async () => {
    const { request, token } = await mailed();
    for (let i = 0; i < 3; i++) {
      const page = await links.view(token);
      expect(page.statusCode).toBe(200);
      expect(page.json()).toMatchObject({
        state: 'open',
        message: null,
        recipient_name: 'Grace Lyimo',
        step: { position: 0, reviewer_role: 'finance_officer' },
        request: { id: request.id, current_status: 'pending' },
      });
      expect(page.headers['cache-control']).toBe('no-store');
    }
    expect(await stepStatus(request.id)).toEqual(['pending', 'pending', 'pending']);
    expect(
      (await t.app.db.selectFrom('review_links').select('used_at').where('request_id', '=', request.id).execute()).every(
        (l) => l.used_at === null,
      ),
    ).toBe(true);

    const done = await links.act(token, { status: 'approved', comments: 'Fine by me' });
    expect(done.statusCode).toBe(200);
    expect(done.json().request.reviews[0]).toMatchObject({ status: 'approved', reviewer_id: finance.id, comments: 'Fine by me' });
    const again = await links.act(token, { status: 'approved' });
    expect([again.statusCode, again.json().error]).toEqual([
      409,
      expect.stringMatching(/^Already accepted by Grace Lyimo \(Finance Officer\) on /),
    ]);
    expect((await links.view(token)).json()).toMatchObject({ state: 'used', request: null, documents: [] });
    expect(await stepStatus(request.id)).toEqual(['approved', 'pending', 'pending']);
  });

  it('refuses an unknown or expired link, and one whose step another holder took first ("Already … by …")', async () => {
    expect((await links.view('x'.repeat(43))).json()).toEqual({ error: LINK_INVALID, code: 'NOT_FOUND' });
    const expired = await mailed();
    await t.app.db
      .updateTable('review_links')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('request_id', '=', expired.request.id)
      .execute();
    expect((await links.view(expired.token)).json()).toMatchObject({ state: 'expired', request: null });
    const late = await links.act(expired.token, { status: 'approved' });
    expect([late.statusCode, late.json().error, late.json().code]).toEqual([
      409,
      expect.stringMatching(/^This review link expired on /),
      'REVIEW_LINK_EXPIRED',
    ]);
    expect(await stepStatus(expired.request.id)).toEqual(['pending', 'pending', 'pending']);

    // Another finance officer acts in the app first: the mailed link says who did.
    const other = await t.app.db
      .insertInto('users')
      .values({
        organization_id: 1,
        fullname: 'Other Finance',
        email: 'finance2@example.org',
        phone_number: '',
        department: 'finance',
        role: 'admin',
        system_role: 'finance_officer',
        created_at: new Date().toISOString(),
        modified_at: new Date().toISOString(),
        last_logged_in: null,
        password_hash: null,
        lock_reason: null,
        deleted_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const raced = await mailed();
    expect((await act(finance, raced.request, 'rejected', 'No quote')).statusCode).toBe(200);
    const page = (await links.view(raced.token)).json();
    expect(page).toMatchObject({ state: 'closed', message: expect.stringMatching(/^Already rejected by Grace Lyimo/) });
    expect((await links.act(raced.token, { status: 'approved' })).json().code).toBe('REVIEW_STEP_TAKEN');
    await t.app.db.updateTable('users').set({ deleted_at: new Date().toISOString() }).where('id', '=', other.id).execute();
  });

  it('a link is bound to its recipient, its step and the request version', async () => {
    // The request changed since the mail (another version of its state): the link no longer acts.
    const changed = await mailed();
    await t.app.db
      .updateTable('requests')
      .set({ modified_at: new Date(Date.now() + 5000).toISOString() })
      .where('id', '=', changed.request.id)
      .execute();
    const refused = await links.act(changed.token, { status: 'approved' });
    expect([refused.statusCode, refused.json().error, refused.json().code]).toEqual([409, REQUEST_CHANGED, 'REQUEST_CHANGED']);
    expect(await stepStatus(changed.request.id)).toEqual(['pending', 'pending', 'pending']);

    // The recipient no longer holds the role: the link (not a session) grants nothing by itself.
    const demoted = await mailed('finance_officer@example.org');
    await t.app.db.updateTable('users').set({ system_role: 'admin' }).where('id', '=', finance.id).execute();
    const gone = await links.act(demoted.token, { status: 'approved' });
    expect([gone.statusCode, gone.json().code]).toEqual([409, 'CONFLICT']);
    expect((await links.view(demoted.token)).json()).toMatchObject({ state: 'closed', request: null });
    await t.app.db.updateTable('users').set({ system_role: 'finance_officer' }).where('id', '=', finance.id).execute();

    // The link of the first step cannot act on the next one, even for someone who holds it.
    const first = await mailed();
    expect((await links.act(first.token, { status: 'approved' })).statusCode).toBe(200);
    const reused = await links.act(first.token, { status: 'approved' });
    // the step it acted on is done: the same code as a step somebody else took
    expect([reused.statusCode, reused.json().code]).toEqual([409, 'REVIEW_STEP_TAKEN']);
    expect(await stepStatus(first.request.id)).toEqual(['approved', 'pending', 'pending']);
    // A rejection without comment is refused and leaves the link unused.
    const next = (await mailedLinks(t.app, 0)).filter((l) => l.to === 'executive_secretary@example.org').at(-1)!;
    const bare = await links.act(next.token, { status: 'rejected' });
    expect(bare.statusCode).toBe(400);
    expect((await links.act(next.token, { status: 'rejected', comments: 'Too dear' })).statusCode).toBe(200);
    expect(LINK_USED).toMatch(/once/);
  });

  it("the delegate's own link acts for the director on leave and records both", async () => {
    expect((await director.delegate({ delegate_id: admin.id, starts_on: dateFromToday(0), ends_on: dateFromToday(2) })).statusCode).toBe(
      201,
    );
    const request = await submitted(staff);
    await act(finance, request);
    const mailId = await lastMailId(t.app);
    await act(secretary, request);
    const mine = (await mailedLinks(t.app, mailId)).find((l) => l.to === 'admin@example.org')!;
    expect((await links.view(mine.token)).json()).toMatchObject({
      state: 'open',
      recipient_name: 'Baraka Mwakyusa',
      on_behalf_of_name: 'Amina Kessy',
      step: { reviewer_role: 'director' },
    });
    const done = await links.act(mine.token, { status: 'approved' });
    expect(done.json().message).toBe('Done: you accepted the request for Amina Kessy.');
    expect(done.json().request).toMatchObject({ current_status: 'approved' });
    expect(done.json().request.reviews[2]).toMatchObject({
      reviewer_id: admin.id,
      on_behalf_of_id: director.id,
      on_behalf_of_name: 'Amina Kessy',
    });
    // The director's own link now says who acted.
    const directors = (await mailedLinks(t.app, mailId)).find((l) => l.to === 'director@example.org')!;
    expect((await links.view(directors.token)).json().message).toMatch(
      /^Already accepted by Baraka Mwakyusa for Amina Kessy \(Director\) on /,
    );
  });
});
